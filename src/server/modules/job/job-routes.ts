import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../../shared/errors.js';
import { translate } from '../../../shared/i18n/translate.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { RequestContext } from '../../engine/request-context.js';
import { JobFiles } from './job-files.js';
import { jobAnswer } from './job-answer.js';
import type { JobStore } from './job-store.js';
import type { ExportKind, ExportParams } from './export-source.js';
import { exportKindOf, importKindOf } from './job-kinds.js';
import type { ImportStarter } from './import-starter.js';
import { WORKBOOK_MULTIPART } from '../../excel/workbook-upload.js';
import type { ImportKind } from './import-target.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BASE = '/api/atrium/jobs';
const TAG = 'atrium';
/** Jobs the console lists (the newest). */
const LISTED = 20;

export interface JobRouteDeps {
  services: AppServices;
  store: JobStore;
  files: JobFiles;
  wake: () => void;
  imports: ImportStarter;
}

type Body = Record<string, unknown>;

/** The model named by `model` (`<module>/<name>`). */
function modelNamed(services: AppServices, raw: unknown): EntityModel {
  const model = typeof raw === 'string' ? services.models.find((m) => m.key === raw) : undefined;
  if (!model) throw badRequest('request.paramInvalid', { name: 'model' });
  return model;
}

function exportable(deps: JobRouteDeps, raw: unknown): { model: EntityModel; kind: ExportKind } {
  const model = modelNamed(deps.services, raw);
  const kind = exportKindOf(deps.services, model);
  if (!kind) throw badRequest('job.notExportable');
  return { model, kind };
}

function importable(deps: JobRouteDeps, raw: unknown): { model: EntityModel; kind: ImportKind } {
  const model = modelNamed(deps.services, raw);
  const kind = importKindOf(deps.services, model);
  if (!kind) throw badRequest('job.notImportable');
  return { model, kind };
}

/** Only text values are kept of the list's query (filters, order); paging is the job's own. */
function listQuery(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'current' || key === 'size') continue;
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
    else throw badRequest('request.paramInvalid', { name: key });
  }
  return out;
}

function sendWorkbook(reply: FastifyReply, name: string, body: unknown) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="job.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
    .send(body);
}

async function visibleJob(deps: JobRouteDeps, ctx: RequestContext, request: FastifyRequest) {
  const job = await deps.store.visible(ctx, String((request.params as { id?: string }).id ?? ''));
  if (!job) throw notFound();
  return job;
}

/**
 * The console's jobs API: start an export or an import, list and read one's own jobs (an
 * administrator of the tenant sees the tenant's), cancel, download the result file.
 */
export function registerJobRoutes(app: FastifyInstance, deps: JobRouteDeps): void {
  const { services, store } = deps;
  // The answer is the job as created (queued), read before the runner is woken: read after, it
  // was queued or already running depending on which got there first.
  const createdAndWoken = async (id: string) => {
    const job = (await store.get(id))!;
    deps.wake();
    return job;
  };
  app.register(async (scope) => {
    await scope.register(multipart, { limits: WORKBOOK_MULTIPART });

    scope.post(`${BASE}/export`, { schema: { tags: [TAG], summary: 'Jobs: export a list (its filters, order, columns) to .xlsx in the background' } }, async (request) => {
      const ctx = contextOf(request);
      const body = (request.body ?? {}) as Body;
      const { model, kind } = exportable(deps, body.model);
      const columns = typeof body.columns === 'string' ? body.columns : Array.isArray(body.columns) ? body.columns.join(',') : '';
      const params: ExportParams = { query: listQuery(body.query), columns };
      // Opening the source checks the caller and the columns, reading the first row the permission
      // and every filter now: a bad one is a 400/403, not a failed job.
      const source = await kind.open(ctx, params);
      const first = await services.resources.page({ model, endpoint: source.endpoint, ctx, query: { ...source.query, current: '1', size: '1' } });
      const id = await store.create({ ctx, kind: 'export', modelKey: model.key, fileName: source.fileName, params: { ...params }, total: first.total });
      return ok(jobAnswer(services, await createdAndWoken(id), ctx.lang));
    });

    scope.post(`${BASE}/import`, { schema: { tags: [TAG], summary: 'Jobs: import an .xlsx into an entity (x-import) in the background' } }, async (request) => {
      const ctx = contextOf(request);
      const { model, kind } = importable(deps, (request.query as Body | undefined)?.model);
      const id = await deps.imports.start(request, ctx, model, kind);
      return ok(jobAnswer(services, await createdAndWoken(id), ctx.lang));
    });

    scope.get(`${BASE}/template`, { config: { tokenInQuery: true }, schema: { tags: [TAG], summary: 'Jobs: the empty import workbook of an entity' } }, async (request, reply) => {
      const ctx = contextOf(request);
      const { model, kind } = importable(deps, (request.query as Body | undefined)?.model);
      await kind.allow(ctx);
      return sendWorkbook(reply, model.label[ctx.lang], await deps.imports.template(model, ctx.lang));
    });

    scope.get(BASE, { schema: { tags: [TAG], summary: "Jobs: the caller's latest jobs" } }, async (request) => {
      const ctx = contextOf(request);
      return ok((await store.list(ctx, LISTED)).map((job) => jobAnswer(services, job, ctx.lang)));
    });

    scope.get(`${BASE}/:id`, { schema: { tags: [TAG], summary: 'Jobs: one job and its progress' } }, async (request) => {
      const ctx = contextOf(request);
      return ok(jobAnswer(services, await visibleJob(deps, ctx, request), ctx.lang));
    });

    scope.post(`${BASE}/:id/cancel`, { schema: { tags: [TAG], summary: 'Jobs: cancel a queued or running job' } }, async (request) => {
      const ctx = contextOf(request);
      const job = await visibleJob(deps, ctx, request);
      if (job.state !== 'queued' && job.state !== 'running') throw badRequest('job.alreadyFinished');
      await store.requestCancel(job.id);
      return ok(jobAnswer(services, (await store.get(job.id))!, ctx.lang));
    });

    scope.get(`${BASE}/:id/file`, { config: { tokenInQuery: true }, schema: { tags: [TAG], summary: "Jobs: the finished job's workbook (export rows, import errors)" } }, async (request, reply) => {
      const ctx = contextOf(request);
      const job = await visibleJob(deps, ctx, request);
      if (!job.resultFile || !(await deps.files.exists(job.tenantId, job.resultFile))) throw new AppError('job.noFile', undefined, 404);
      const name = job.kind === 'import' ? translate(ctx.lang, 'job.errorFileName', { name: job.fileName }) : job.fileName;
      return sendWorkbook(reply, name, deps.files.reader(job.tenantId, job.resultFile));
    });
  });
}

import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../shared/errors.js';
import { translate } from '../../shared/i18n/translate.js';
import type { TextKey, Translatable } from '../../shared/i18n/translate.js';
import type { EndpointModel, EntityModel, WorkbookKind } from '../../shared/schema/entity-model.js';
import { contextOf } from '../http/authenticate.js';
import type { RequestContext } from './request-context.js';

/**
 * What the engine's workbook endpoints (`export`, `export-template`, `import`, `import-errors`) call: the job
 * module's one export writer, import template and import pipeline, installed at setup
 * (`services.setWorkbooks`) so the engine imports no module.
 */
export interface WorkbookEndpoints {
  /** The rows the query's filters select, written by the entity's export as one .xlsx stream. */
  exportStream(opts: { model: EntityModel; ctx: RequestContext; query: Record<string, unknown> }): Promise<Readable>;
  /** The empty import template of the entity's import, its sheet named `name`. */
  template(opts: { model: EntityModel; ctx: RequestContext; name: string }): Promise<Buffer>;
  /** The uploaded workbook imported whole, all or nothing (BladeX import-region): the answer's data and message. */
  importWhole(opts: { model: EntityModel; ctx: RequestContext; request: FastifyRequest }): Promise<{ data: unknown; msg?: Translatable }>;
  /** The annotated workbook the entity's import kept of the caller's rejected upload `id`; 404 (the kind's text) when gone. */
  errorWorkbook(opts: { model: EntityModel; ctx: RequestContext; id: unknown }): Promise<Buffer>;
}

/** Answers an `import` endpoint: the multipart upload imported whole by the entity's import kind. */
export async function serveImport(opts: { workbooks: WorkbookEndpoints | undefined; model: EntityModel; request: FastifyRequest }): Promise<{ data: unknown; msg?: Translatable }> {
  if (!opts.workbooks) throw notFound();
  return opts.workbooks.importWhole({ model: opts.model, ctx: contextOf(opts.request), request: opts.request });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The download of a workbook kind: the export's rows, the import template, or a rejected import's kept workbook (`?id=`). */
function bodyOf(opts: { workbooks: WorkbookEndpoints; kind: WorkbookKind; model: EntityModel; ctx: RequestContext; query: Record<string, unknown>; name: string }): Promise<Readable | Buffer> {
  const { workbooks, model, ctx } = opts;
  if (opts.kind === 'export') return workbooks.exportStream({ model, ctx, query: opts.query });
  if (opts.kind === 'import-errors') return workbooks.errorWorkbook({ model, ctx, id: opts.query.id });
  return workbooks.template({ model, ctx, name: opts.name });
}

/** Answers a workbook endpoint with its download (the file named by the endpoint's `file`). */
export async function serveWorkbook(opts: {
  workbooks: WorkbookEndpoints | undefined;
  model: EntityModel;
  endpoint: EndpointModel;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<unknown> {
  const { workbooks, model, endpoint, request, reply } = opts;
  if (!workbooks || !endpoint.file) throw notFound();
  const ctx = contextOf(request);
  const name = translate(ctx.lang, endpoint.file.name as TextKey);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = await bodyOf({ workbooks, kind: endpoint.kind as WorkbookKind, model, ctx, query, name });
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${endpoint.file.ascii}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
    .send(body);
}

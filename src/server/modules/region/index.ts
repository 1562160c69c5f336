import { translate, message } from '../../../shared/i18n/translate.js';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import type { AppModule } from '../module.js';
import { ok } from '../../http/envelope.js';
import { readWorkbookUpload, WORKBOOK_MULTIPART } from '../../excel/workbook-upload.js';
import { exportRegions } from './export-regions.js';
import { importRegions } from './import-regions.js';
import { sheetFields } from './region-sheet.js';
import { templateWorkbook } from '../job/export-workbook.js';
import { registerExportKind, registerImportKind } from '../job/job-kinds.js';
import { regionExport } from './region-export-job.js';
import { regionImport } from './region-import-job.js';

const BASE = '/blade-system/region';
const TAG = 'base/region';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function route(app: FastifyInstance, opts: { method: 'GET' | 'POST'; action: string; summary: string; handler: Handler; tokenInQuery?: boolean }): void {
  const config = opts.tokenInQuery ? { config: { tokenInQuery: true } } : {};
  app.route({ method: opts.method, url: `${BASE}/${opts.action}`, ...config, schema: { tags: [TAG], summary: opts.summary }, handler: opts.handler });
}

function sendWorkbook(reply: FastifyReply, name: { local: string; ascii: string }, body: unknown) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${name.ascii}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name.local}.xlsx`)}`)
    .send(body);
}

/** The uploaded file (field `file` or any) and the isCovered flag (query or form field). */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; isCovered: boolean }> {
  const { file, fields } = await readWorkbookUpload(request, 'region.uploadMissing');
  const covered = String((request.query as Record<string, unknown> | undefined)?.isCovered ?? '') || (fields.isCovered ?? '');
  return { file, isCovered: covered === '1' || covered === 'true' };
}

/** Regions: Excel export, template and import (Saber base/region.vue 导出 / 导入); CRUD is the engine's. */
export const registerRegionModule: AppModule = (_app, services) => {
  registerImportKind(services, 'base/region', regionImport);
  registerExportKind(services, 'base/region', regionExport);
  return (routes) => {
    // Multipart parsing exists only inside this plugin.
    routes.register(async (scope) => {
      await scope.register(multipart, { limits: WORKBOOK_MULTIPART });
      registerRoutes(scope, services);
    });
  };
};

function registerRoutes(app: FastifyInstance, services: AppServices): void {
  route(app, { method: 'GET', action: 'export-region', tokenInQuery: true, summary: 'Regions: export every region to .xlsx', handler: async (request, reply) => {
    const ctx = contextOf(request);
    const body = await exportRegions(services, ctx);
    return sendWorkbook(reply, { local: translate(ctx.lang, 'region.exportName'), ascii: 'regions' }, body);
  } });
  route(app, { method: 'GET', action: 'export-template', tokenInQuery: true, summary: 'Regions: the empty import template', handler: async (request, reply) => {
    const ctx = contextOf(request);
    const title = translate(ctx.lang, 'region.templateName');
    const model = services.model('base/region');
    const body = await templateWorkbook({ name: title, fields: sheetFields(model), lang: ctx.lang, required: model.required });
    return sendWorkbook(reply, { local: title, ascii: 'regions-template' }, body);
  } });
  route(app, { method: 'POST', action: 'import-region', summary: 'Regions: import an .xlsx (isCovered=1 updates existing codes)', handler: async (request) => {
    const ctx = contextOf(request);
    const { file, isCovered } = await readUpload(request);
    const count = await importRegions({ services, ctx, file, isCovered });
    return ok({ count }, message('region.imported', { count }));
  } });
}

import { message } from '../../../shared/i18n/translate.js';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import type { AppModule } from '../module.js';
import { ok } from '../../http/envelope.js';
import { readWorkbookUpload, WORKBOOK_MULTIPART } from '../../excel/workbook-upload.js';
import { importRegions } from './import-regions.js';
import { registerExportKind, registerImportKind } from '../job/job-kinds.js';
import { regionExport } from './region-export-job.js';
import { regionImport } from './region-import-job.js';

const BASE = '/blade-system/region';
const TAG = 'base/region';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function route(app: FastifyInstance, opts: { method: 'GET' | 'POST'; action: string; summary: string; handler: Handler }): void {
  app.route({ method: opts.method, url: `${BASE}/${opts.action}`, schema: { tags: [TAG], summary: opts.summary }, handler: opts.handler });
}

/** The uploaded file (field `file` or any) and the isCovered flag (query or form field). */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; isCovered: boolean }> {
  const { file, fields } = await readWorkbookUpload(request, 'region.uploadMissing');
  const covered = String((request.query as Record<string, unknown> | undefined)?.isCovered ?? '') || (fields.isCovered ?? '');
  return { file, isCovered: covered === '1' || covered === 'true' };
}

/** Regions: the Excel import (Saber base/region.vue 导入); CRUD, export and template are the engine's. */
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
  route(app, { method: 'POST', action: 'import-region', summary: 'Regions: import an .xlsx (isCovered=1 updates existing codes)', handler: async (request) => {
    const ctx = contextOf(request);
    const { file, isCovered } = await readUpload(request);
    const count = await importRegions({ services, ctx, file, isCovered });
    return ok({ count }, message('region.imported', { count }));
  } });
}

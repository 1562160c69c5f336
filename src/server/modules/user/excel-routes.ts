import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { requireUserAdmin } from './admin-guard.js';
import { findErrorWorkbook, keepErrorWorkbook } from './excel/error-report-store.js';
import { importUsers } from './excel/import-users.js';
import { flagParam, type Params } from './request-params.js';
import { USER_API, serve } from './serve-route.js';
import type { UserDeps } from './user-deps.js';
import { translate } from '../../../shared/i18n/translate.js';
import { readWorkbookUpload } from '../../excel/workbook-upload.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Problems listed in the JSON answer; the workbook always holds all of them. */
const MAX_LISTED_ERRORS = 1000;

function sendWorkbook(reply: FastifyReply, name: { local: string; ascii: string }, body: unknown) {
  const file = encodeURIComponent(`${name.local}.xlsx`);
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${name.ascii}.xlsx"; filename*=UTF-8''${file}`)
    .send(body);
}

/**
 * Excel: import (multipart, field `file`, isCovered 0|1) and the annotated error workbook
 * of a rejected import (its download accepts the token as the `blade-auth` query
 * parameter). Export and template are the engine's (x-api kinds export, export-template).
 */
export function registerExcelRoutes(app: FastifyInstance, deps: UserDeps): void {
  serve(app, { method: 'POST', action: 'import-user', summary: 'Users: import an .xlsx (all rows or none; 400 lists every bad row)', handler: async (request, reply) => {
    const ctx = contextOf(request);
    requireUserAdmin(ctx);
    const upload = await readWorkbookUpload(request, 'user.uploadMissing');
    const isCovered = flagParam((request.query as Params | undefined)?.isCovered ?? upload.fields.isCovered);
    const outcome = await importUsers(deps, ctx, { file: upload.file, isCovered });
    if (outcome.ok) return ok({ inserted: outcome.inserted, updated: outcome.updated });
    const id = await keepErrorWorkbook(deps.services.store, ctx, outcome.workbook);
    const badRows = new Set(outcome.errors.map((e) => e.row)).size;
    return reply.status(400).send({
      code: 400,
      success: false,
      msg: translate(ctx.lang, 'user.importRejected', { count: badRows }),
      data: {
        errors: outcome.errors.slice(0, MAX_LISTED_ERRORS),
        errorCount: outcome.errors.length,
        errorWorkbook: { id, url: `/api${USER_API}/import-errors?id=${id}` },
      },
    });
  } });

  serve(app, { method: 'GET', action: 'import-errors', tokenInQuery: true, summary: 'Users: the annotated workbook of a rejected import (30 minutes)', handler: async (request, reply) => {
    const ctx = contextOf(request);
    const workbook = await findErrorWorkbook(deps.services.store, ctx, (request.query as Params | undefined)?.id);
    if (!workbook) throw new AppError('user.errorWorkbookGone', undefined, 404);
    return sendWorkbook(reply, { local: translate(ctx.lang, 'user.errorWorkbookName'), ascii: 'user-import-errors' }, workbook);
  } });
}

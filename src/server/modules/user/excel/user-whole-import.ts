import { AppError } from '../../../../shared/errors.js';
import type { EntityModel } from '../../../../shared/schema/entity-model.js';
import type { AppServices } from '../../../app-services.js';
import { errorWorkbookUrl } from '../../job/error-workbook-url.js';
import type { WholeImportAnswer } from '../../job/import-target.js';
import { flagParam } from '../request-params.js';
import { createUserDeps } from '../user-deps.js';
import { findErrorWorkbook, keepErrorWorkbook } from './error-report-store.js';
import { importUsers } from './import-users.js';

/** Problems listed in the JSON answer; the workbook always holds all of them. */
const MAX_LISTED_ERRORS = 1000;

/**
 * BladeX import-user as the users' import kind answers it (the schema's x-api kind `import`
 * serves it; its `roles`, administrator and admin, refuse anyone else before the upload is
 * read, and the kind checks them again): the workbook, isCovered from the query or the
 * form; `{inserted, updated}`, or all or nothing: a 400 listing the problems (at most 1000,
 * and their count) with the annotated workbook, kept 30 minutes for its uploader
 * (error-report-store.ts) and downloaded at the x-api kind `import-errors`
 * (/api/blade-user/import-errors?id=).
 */
export function userWholeImport(services: AppServices, model: EntityModel): WholeImportAnswer {
  return {
    missing: 'user.uploadMissing',
    async run({ ctx, file, fields, query }) {
      const isCovered = flagParam(query.isCovered ?? fields.isCovered);
      const outcome = await importUsers({ ...createUserDeps(services), model }, ctx, { file, isCovered });
      if (outcome.ok) return { data: { inserted: outcome.inserted, updated: outcome.updated } };
      const id = await keepErrorWorkbook(services.store, ctx, outcome.workbook);
      const badRows = new Set(outcome.errors.map((e) => e.row)).size;
      throw new AppError('user.importRejected', { count: badRows }, 400, {
        data: {
          errors: outcome.errors.slice(0, MAX_LISTED_ERRORS),
          errorCount: outcome.errors.length,
          errorWorkbook: { id, url: errorWorkbookUrl(model, id) },
        },
      });
    },
    errorWorkbooks: { gone: 'user.errorWorkbookGone', find: (ctx, id) => findErrorWorkbook(services.store, ctx, id) },
  };
}

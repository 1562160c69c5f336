import { AppError, badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { message } from '../../../shared/i18n/translate.js';
import type { Refusal } from '../job/import-pipeline.js';
import type { WholeImportAnswer } from '../job/import-target.js';
import { importWhole } from '../job/import-whole.js';
import { regionImport } from './region-import-job.js';

/** The first refused row, named (BladeX import-region stops at it): the refusal's own message and status. */
function rejected({ row, cause }: Refusal): AppError {
  const at = row.line.number;
  if (cause === undefined) return badRequest('region.importRejected', { row: at, message: row.errors.map((e) => e.message).join('；') });
  if (!(cause instanceof AppError) || cause.status >= 500) throw cause;
  return new AppError('region.importRejected', { row: at, message: cause.text }, cause.status, { code: cause.code, fieldErrors: cause.fieldErrors });
}

/**
 * Imports the regions of an .xlsx (BladeX import-region): the regions' import kind (the
 * job's, region-import-job.ts) run all or nothing on the import pipeline. Each row is saved
 * with submit's rules (schema, tree checks, ancestors), parents first; with isCovered a row
 * whose code exists updates it, without, such a row stops the import; a row whose parent is
 * nowhere, or that the engine refuses, stops it too, naming the row, and nothing is written.
 */
export async function importRegions(opts: { services: AppServices; ctx: RequestContext; file: Buffer; isCovered: boolean }): Promise<number> {
  const { services, ctx } = opts;
  const model = services.model('base/region');
  const { rows, refused } = await importWhole({
    services, model, ctx, kind: regionImport(services, model), file: opts.file, params: { isCovered: opts.isCovered },
    texts: { unreadable: 'region.uploadUnreadable', empty: 'region.importEmpty' },
  });
  if (refused.length) throw rejected(refused[0]);
  return rows.length;
}

/**
 * BladeX import-region as the regions' import kind answers it (the schema's x-api kind
 * `import` serves it): the workbook, isCovered from the query or the form, `{count}`.
 */
export function regionWholeImport(services: AppServices): WholeImportAnswer {
  return {
    missing: 'region.uploadMissing',
    async run({ ctx, file, fields, query }) {
      const covered = String(query.isCovered ?? '') || (fields.isCovered ?? '');
      const count = await importRegions({ services, ctx, file, isCovered: covered === '1' || covered === 'true' });
      return { data: { count }, msg: message('region.imported', { count }) };
    },
  };
}

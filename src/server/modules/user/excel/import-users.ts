import { AppError } from '../../../../shared/errors.js';
import type { Lang } from '../../../../shared/schema/entity-model.js';
import { translate } from '../../../../shared/i18n/translate.js';
import type { RequestContext } from '../../../engine/request-context.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { importWhole } from '../../job/import-whole.js';
import type { RowError } from '../../job/import-target.js';
import type { UserDeps } from '../user-deps.js';
import { annotatedWorkbook } from './error-workbook.js';
import { userImport, type UserRow } from './user-import-job.js';

export interface ImportRowError extends RowError {
  /** Excel row number (the header is row 1). */
  row: number;
}

export type ImportOutcome =
  | { ok: true; inserted: number; updated: number }
  | { ok: false; errors: ImportRowError[]; workbook: Buffer };

/** Why a row could not be written; an account taken meanwhile by another import reads as the BladeX message. */
function errorOf(error: unknown, row: UserRow, lang: Lang): RowError {
  const taken = error instanceof AppError && 'key' in error.text && error.text.key === 'user.accountExists';
  if (taken || isUniqueViolation(error)) return { field: 'account', message: translate(lang, 'user.accountExists', { account: String(row.sheet.values.account ?? '') }) };
  if (!(error instanceof AppError)) throw error;
  return { field: Object.keys(error.fieldErrors ?? {})[0] ?? '', message: translate(lang, error.text) };
}

/**
 * Import of users from an .xlsx (BladeX import-user): the users' import kind (the job's,
 * user-import-job.ts) run all or nothing on the import pipeline. Every row is checked first
 * (schema rules and messages, account uniqueness, references of the caller's tenant); one
 * bad row and nothing is written, the answer lists every problem and carries the annotated
 * workbook. Otherwise all rows are written in one transaction, which is undone when it would
 * leave the tenant without an administrator (the rows stripping them are reported).
 */
export async function importUsers(deps: UserDeps, ctx: RequestContext, opts: { file: Buffer; isCovered: boolean }): Promise<ImportOutcome> {
  const kind = userImport(deps.services, deps.model);
  await kind.allow(ctx);
  const { lines, columns, rows, refused } = await importWhole({
    services: deps.services, model: deps.model, ctx, kind, file: opts.file, params: { isCovered: opts.isCovered },
    texts: { unreadable: 'user.uploadUnreadable', empty: 'user.importEmpty' },
  });
  if (refused.length === 0) {
    const updated = rows.filter((row) => (row as UserRow).sheet.existingId).length;
    return { ok: true, inserted: rows.length - updated, updated };
  }
  for (const { row, cause } of refused) if (cause !== undefined) row.errors.push(errorOf(cause, row as UserRow, ctx.lang));
  const errors = rows.flatMap((r) => r.errors.map((e) => ({ row: r.line.number, ...e })));
  return { ok: false, errors, workbook: await annotatedWorkbook({ lines, columns, rows, lang: ctx.lang }) };
}

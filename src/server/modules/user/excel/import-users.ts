import { AppError, badRequest } from '../../../../shared/errors.js';
import type { Lang } from '../../../../shared/schema/entity-model.js';
import type { RequestContext } from '../../../engine/request-context.js';
import { requireUserAdmin } from '../admin-guard.js';
import { UserCatalog } from '../user-catalog.js';
import type { UserDeps } from '../user-deps.js';
import { translate } from '../../../../shared/i18n/translate.js';
import { AdministratorLostError } from './administrator-guard.js';
import { annotatedWorkbook } from './error-workbook.js';
import { checkRow, matchAccounts } from './row-checks.js';
import { headerColumns, readRows, type SheetRow } from './sheet-reader.js';
import { RowWriteError, writeRows } from './import-writer.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { readSheet } from '../../../excel/read-sheet.js';
import { importLimits } from '../../job/import-limits.js';

export interface ImportRowError {
  /** Excel row number (the header is row 1). */
  row: number;
  /** Field name; '' when the whole row is concerned. */
  field: string;
  message: string;
}

export type ImportOutcome =
  | { ok: true; inserted: number; updated: number }
  | { ok: false; errors: ImportRowError[]; workbook: Buffer };

const errorsOf = (rows: SheetRow[]): ImportRowError[] =>
  rows.flatMap((r) => Object.entries(r.errors).map(([field, message]) => ({ row: r.row, field, message })));


/** Why a row could not be written; an account taken meanwhile by another import reads as the BladeX message. */
function messageOf(error: unknown, row: SheetRow, lang: Lang): { field: string; message: string } {
  if (isUniqueViolation(error)) return { field: 'account', message: translate(lang, 'user.accountExists', { account: String(row.values.account ?? '') }) };
  if (!(error instanceof AppError)) throw error;
  const field = Object.keys(error.fieldErrors ?? {})[0] ?? '';
  return { field, message: translate(lang, error.text) };
}

/**
 * Import of users from an .xlsx: every row is checked first (schema rules and messages,
 * account uniqueness, references of the caller's tenant); one bad row and nothing is
 * written, the answer lists every problem and carries the annotated workbook. Otherwise
 * all rows are written in one transaction, which is undone when it would leave the tenant
 * without an administrator (the rows stripping them are reported).
 */
export async function importUsers(deps: UserDeps, ctx: RequestContext, opts: { file: Buffer; isCovered: boolean }): Promise<ImportOutcome> {
  requireUserAdmin(ctx);
  const { services, model } = deps;
  const lines = await readSheet({ file: opts.file, limits: await importLimits(services), unreadable: 'user.uploadUnreadable' });
  const columns = headerColumns(lines[0]?.texts ?? [], model);
  const catalog = await UserCatalog.load(services, model, ctx);
  const rows = readRows({ lines: lines.slice(1), columns, model, catalog, lang: ctx.lang });
  if (rows.length === 0) throw badRequest('user.importEmpty');
  await matchAccounts(deps, ctx, { rows, isCovered: opts.isCovered });
  for (const row of rows) await checkRow(deps, ctx, { row, catalog });
  const reject = async () => ({ ok: false as const, errors: errorsOf(rows), workbook: await annotatedWorkbook({ lines, columns, rows, lang: ctx.lang }) });
  if (rows.some((r) => Object.keys(r.errors).length)) return reject();
  try {
    return { ok: true, ...(await writeRows(deps, ctx, rows)) };
  } catch (error) {
    if (error instanceof AdministratorLostError) return markLastAdministrators({ rows, userIds: error.userIds, lang: ctx.lang, reject });
    if (!(error instanceof RowWriteError)) throw error;
    const row = rows.find((r) => r.row === error.row)!;
    const { field, message } = messageOf(error.cause, row, ctx.lang);
    row.errors[field] = message;
    return reject();
  }
}

/** Each row that takes the administrator role from one of the tenant's last administrators gets the message. */
function markLastAdministrators(opts: { rows: SheetRow[]; userIds: string[]; lang: Lang; reject: () => Promise<ImportOutcome> }): Promise<ImportOutcome> {
  const stripping = opts.rows.filter((r) => r.existingId && opts.userIds.includes(r.existingId));
  if (stripping.length === 0) throw badRequest('user.lastAdministrator', { account: '' });
  for (const row of stripping) row.errors.roleId = translate(opts.lang, 'user.lastAdministrator', { account: row.values.account });
  return opts.reject();
}

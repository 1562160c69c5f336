import { AppError } from '../../../../shared/errors.js';
import { fieldOf } from '../../../../shared/schema/entity-model.js';
import { isEmpty } from '../../../../shared/is-empty.js';
import type { RequestContext } from '../../../engine/request-context.js';
import { referenceErrors } from '../reference-check.js';
import type { UserCatalog } from '../user-catalog.js';
import type { UserDeps } from '../user-deps.js';
import { translate } from '../../../../shared/i18n/translate.js';
import type { SheetRow } from './sheet-row.js';

const CHUNK = 500;

/**
 * Accounts must be unique per tenant: a repeated account in the file is an error; an
 * account that exists already is updated with isCovered, else an error (BladeX text).
 */
export async function matchAccounts(deps: UserDeps, ctx: RequestContext, { rows, isCovered }: { rows: SheetRow[]; isCovered: boolean }): Promise<void> {
  const { services, model } = deps;
  const accountField = fieldOf(model, 'account')!;
  const seen = new Set<string>();
  for (const row of rows) {
    const account = String(row.values.account ?? '');
    if (!account) continue;
    if (seen.has(account)) row.errors.account ??= translate(ctx.lang, 'user.duplicateInFile', { account });
    seen.add(account);
  }
  const accounts = [...seen];
  const existing = new Map<string, string>();
  for (let i = 0; i < accounts.length; i += CHUNK) {
    const users = await services.system.repo.list(model, ctx, { conditions: [{ field: accountField, op: 'in', value: accounts.slice(i, i + CHUNK) }], order: [] });
    for (const u of users) existing.set(String(u.account), String(u.id));
  }
  for (const row of rows) {
    const id = existing.get(String(row.values.account ?? ''));
    if (!id) continue;
    if (isCovered) row.existingId = id;
    else row.errors.account ??= translate(ctx.lang, 'user.accountExists', { account: row.values.account });
  }
}

/** The schema's own rules and messages (as submit applies them) and the tenant's references. */
export async function checkRow(deps: UserDeps, ctx: RequestContext, { row, catalog }: { row: SheetRow; catalog: UserCatalog }): Promise<void> {
  const { services, model, validator } = deps;
  const isInsert = !row.existingId;
  if (isInsert) {
    for (const f of model.fields) if (f.defaultValue !== undefined && !f.readOnly && isEmpty(row.values[f.name]) && !row.errors[f.name]) row.values[f.name] = f.defaultValue;
  }
  try {
    validator.check(model, row.values, { isInsert });
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    // The sheet never carries secrets: a new account gets the initial password on write.
    const isSecret = (field: string) => fieldOf(model, field)?.secret === true;
    for (const [field, text] of Object.entries(error.fieldErrors)) if (!isSecret(field)) row.errors[field] ??= translate(ctx.lang, text);
  }
  const references = await referenceErrors({ services, model, ctx, values: row.values, lookup: catalog.lookup });
  for (const [field, text] of Object.entries(references)) row.errors[field] ??= translate(ctx.lang, text);
}

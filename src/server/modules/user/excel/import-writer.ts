import { notFound } from '../../../../shared/errors.js';
import { storedValues } from '../../../engine/field-transforms.js';
import type { RequestContext } from '../../../engine/request-context.js';
import type { WriteEvent } from '../../../engine/resource-hooks.js';
import { initialPasswordHash } from '../initial-password.js';
import type { UserDeps } from '../user-deps.js';
import { ensureAdministratorRemains, lockedAdministratorIds } from './administrator-guard.js';
import type { SheetRow } from './sheet-reader.js';

/** A write that failed on one row; the transaction is rolled back. */
export class RowWriteError extends Error {
  constructor(readonly row: number, cause: unknown) {
    super(`row ${row}: ${String(cause)}`, { cause });
  }
}

/**
 * Writes every checked row in one transaction, through the same hooks as submit (links,
 * account and reference checks, other modules' rules such as the tenant quota). New
 * accounts get the initial password, hashed once for the whole file. A file that would
 * leave the tenant without an administrator is rolled back (AdministratorLostError).
 */
export async function writeRows(deps: UserDeps, ctx: RequestContext, rows: SheetRow[]): Promise<{ inserted: number; updated: number }> {
  const { services, model } = deps;
  const hooks = services.hooks.for(model.key);
  const password = await initialPasswordHash(services);
  let inserted = 0;
  await services.system.repo.transaction(async (repo) => {
    const administrators = await lockedAdministratorIds(deps, repo, ctx);
    for (const row of rows) {
      try {
        const isInsert = !row.existingId;
        const existing = isInsert ? undefined : await repo.findByKey(model, ctx, row.existingId!);
        if (!isInsert && !existing) throw notFound();
        const event: WriteEvent = { model, ctx, repo, values: { ...row.values }, isInsert, existing, key: row.existingId };
        for (const h of hooks) await h.beforeWrite?.(event);
        const stored = await storedValues(model, event.values);
        if (isInsert) stored.password = password;
        const key = isInsert ? await repo.insert(model, ctx, stored) : row.existingId!;
        if (!isInsert && !(await repo.update(model, ctx, key, stored))) throw notFound();
        for (const h of hooks) await h.afterWrite?.({ ...event, key });
        if (isInsert) inserted += 1;
      } catch (error) {
        throw new RowWriteError(row.row, error);
      }
    }
    await ensureAdministratorRemains({ deps, repo, ctx, before: administrators });
  });
  return { inserted, updated: rows.length - inserted };
}

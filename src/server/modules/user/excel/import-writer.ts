import { notFound } from '../../../../shared/errors.js';
import { storedValues } from '../../../engine/field-transforms.js';
import type { Repository } from '../../../engine/repository.js';
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
 * Writes one checked row through the same hooks as submit (links, account and reference
 * checks, other modules' rules such as the tenant quota, the end of the sessions of a user
 * whose roles change); a new account gets `password` (the initial password's hash).
 * Answers the user's id and whether it was inserted.
 */
export async function writeUserRow(opts: { deps: UserDeps; repo: Repository; ctx: RequestContext; row: SheetRow; password: string }): Promise<{ key: string; isInsert: boolean }> {
  const { deps: { services, model }, repo, ctx, row } = opts;
  const isInsert = !row.existingId;
  const existing = isInsert ? undefined : await repo.findByKey(model, ctx, row.existingId!);
  if (!isInsert && !existing) throw notFound();
  const event: WriteEvent = { model, ctx, repo, values: { ...row.values }, isInsert, existing, key: row.existingId };
  const hooks = services.hooks.for(model.key);
  for (const h of hooks) await h.beforeWrite?.(event);
  const stored = await storedValues(model, event.values);
  if (isInsert) stored.password = opts.password;
  const key = isInsert ? await repo.insert(model, ctx, stored) : row.existingId!;
  if (!isInsert && !(await repo.update(model, ctx, key, stored))) throw notFound();
  for (const h of hooks) await h.afterWrite?.({ ...event, key });
  return { key, isInsert };
}

/**
 * Writes every checked row in one transaction (`writeUserRow`), the initial password
 * hashed once for the whole file. A file that would leave the tenant without an
 * administrator is rolled back (AdministratorLostError).
 */
export async function writeRows(deps: UserDeps, ctx: RequestContext, rows: SheetRow[]): Promise<{ inserted: number; updated: number }> {
  const password = await initialPasswordHash(deps.services);
  let inserted = 0;
  await deps.services.system.repo.transaction(async (repo) => {
    const administrators = await lockedAdministratorIds(deps, repo, ctx);
    for (const row of rows) {
      try {
        if ((await writeUserRow({ deps, repo, ctx, row, password })).isInsert) inserted += 1;
      } catch (error) {
        throw new RowWriteError(row.row, error);
      }
    }
    await ensureAdministratorRemains({ deps, repo, ctx, before: administrators });
  });
  return { inserted, updated: rows.length - inserted };
}

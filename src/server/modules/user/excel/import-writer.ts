import { notFound } from '../../../../shared/errors.js';
import { storedValues } from '../../../engine/field-transforms.js';
import type { Repository } from '../../../engine/repository.js';
import type { RequestContext } from '../../../engine/request-context.js';
import type { WriteEvent } from '../../../engine/resource-hooks.js';
import type { UserDeps } from '../user-deps.js';
import type { SheetRow } from './sheet-row.js';

/**
 * Writes one checked row through the same hooks as submit (links, account and reference
 * checks, other modules' rules such as the tenant quota, the end of the sessions of a user
 * whose roles change); a new account gets `password()` (the initial password's hash).
 * Answers the user's id and whether it was inserted.
 */
export async function writeUserRow(opts: { deps: UserDeps; repo: Repository; ctx: RequestContext; row: SheetRow; password: () => Promise<string> }): Promise<{ key: string; isInsert: boolean }> {
  const { deps: { services, model }, repo, ctx, row } = opts;
  const isInsert = !row.existingId;
  const existing = isInsert ? undefined : await repo.findByKey(model, ctx, row.existingId!);
  if (!isInsert && !existing) throw notFound();
  const event: WriteEvent = { model, ctx, repo, values: { ...row.values }, isInsert, existing, key: row.existingId };
  const hooks = services.hooks.for(model.key);
  for (const h of hooks) await h.beforeWrite?.(event);
  const stored = await storedValues(model, event.values);
  if (isInsert) stored.password = await opts.password();
  const key = isInsert ? await repo.insert(model, ctx, stored) : row.existingId!;
  if (!isInsert && !(await repo.update(model, ctx, key, stored))) throw notFound();
  for (const h of hooks) await h.afterWrite?.({ ...event, key });
  return { key, isInsert };
}

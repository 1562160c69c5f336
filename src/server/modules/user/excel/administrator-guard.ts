import type { Repository } from '../../../engine/repository.js';
import { fieldOf } from '../../../../shared/schema/entity-model.js';
import type { RequestContext } from '../../../engine/request-context.js';
import type { UserDeps } from '../user-deps.js';
import { splitKeys } from '../../../engine/ids.js';

/** Role aliases that administer a tenant (BladeX's HAS_ROLE_ADMIN). */
const ADMINISTRATOR_ALIASES = ['administrator', 'admin'];

/** Ids of the live users of the caller's tenant that hold an administrator role, read through `repo` (its transaction). */
export async function administratorIds(deps: UserDeps, repo: Repository, ctx: RequestContext): Promise<Set<string>> {
  const roleModel = deps.services.model('system/role');
  const aliasField = fieldOf(roleModel, 'roleAlias')!;
  const roles = await repo.list(roleModel, ctx, { conditions: [{ field: aliasField, op: 'in', value: ADMINISTRATOR_ALIASES }], order: [] });
  const adminRoles = new Set(roles.map((r) => String(r.id)));
  const roleField = fieldOf(deps.model, 'roleId')!;
  const ids = new Set<string>();
  for (const roleId of adminRoles) {
    // role_id is a comma-joined list: `like` finds the candidates, the split decides.
    const users = await repo.list(deps.model, ctx, { conditions: [{ field: roleField, op: 'like', value: roleId }], order: [] });
    for (const user of users) if (splitKeys(user.roleId).some((id) => adminRoles.has(id))) ids.add(String(user.id));
  }
  return ids;
}

/**
 * The administrators as `administratorIds`, their rows locked until the transaction ends:
 * of two imports run at once, the second waits and then counts what the first left, so
 * each removing a different one of the last two administrators cannot empty the tenant.
 */
export async function lockedAdministratorIds(deps: UserDeps, repo: Repository, ctx: RequestContext): Promise<Set<string>> {
  const seen = await administratorIds(deps, repo, ctx);
  if (seen.size === 0) return seen;
  const pk = fieldOf(deps.model, deps.model.primaryKey)!.column;
  await repo.db.selectFrom(deps.model.table).select(pk).where(pk, 'in', [...seen]).orderBy(pk).forUpdate().execute();
  return administratorIds(deps, repo, ctx);
}

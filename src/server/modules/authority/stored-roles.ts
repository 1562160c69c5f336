import type { FastifyRequest } from 'fastify';
import { systemContext, type AppServices } from '../../app-services.js';
import { splitKeys } from '../../engine/ids.js';
import { isGuest } from '../auth/session-user.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { andThen, type MaybePromise } from '../../../shared/maybe-promise.js';
import type { ReadAhead } from '../../engine/list-reader/read-ahead.js';

/** Role ids and aliases as the database holds them now. */
export interface StoredRoles {
  roleIds: string[];
  roleAliases: string[];
}


/**
 * The caller's roles read from blade_user.role_id → blade_role, limited to the role ids
 * the token carries (a Role-Id sign-in narrows them). Aliases never come from the
 * token's text, so an alias that once held a separator cannot split into another role,
 * and a role taken away or renamed counts at once. Cached until users or roles change.
 */
export function storedRoles(services: AppServices, caller: { tenantId: string; userId: string; roleIds: string[] }, ahead?: ReadAhead): MaybePromise<StoredRoles> {
  const userModel = services.model('system/user');
  const roleModel = services.model('system/role');
  const narrowed = [...new Set(caller.roleIds)].sort();
  const key = `stored-roles:${caller.tenantId}:${caller.userId}:${narrowed.join(',')}`;
  return services.derived.get(key, [userModel.table, roleModel.table], async () => {
    const ctx = systemContext(caller.tenantId);
    const user = await services.system.repo.findByKey(userModel, ctx, caller.userId);
    const held = new Set(narrowed);
    const ids = splitKeys(user?.roleId).filter((id) => held.has(id));
    const roles = await rowsWhereIn(services.system.repo, { model: roleModel, ctx, values: ids });
    return { roleIds: roles.map((r) => String(r.id)), roleAliases: roles.map((r) => String(r.roleAlias ?? '')) };
  }, ahead);
}

/** The tables stored roles are read from: their generations come with every token check. */
export function readStoredRolesAhead(services: AppServices): void {
  services.derived.readAhead([services.model('system/user').table, services.model('system/role').table]);
}

/** Replaces the token's roles on the request by the stored ones, before any guard or handler reads them. */
export function useStoredRoles(services: AppServices, request: FastifyRequest): MaybePromise<void> {
  const user = request.user;
  if (!user || isGuest(user)) return;
  return andThen(storedRoles(services, user, request.readAhead), (roles) => { request.user = { ...user, ...roles }; });
}

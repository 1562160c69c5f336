import { badRequest, notFound } from '../../../shared/errors.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { CallerRows } from '../../engine/caller-rows.js';
import { isAdministrator, PLATFORM_TENANT, requireAdminRole, type RequestContext } from '../../engine/request-context.js';
import { idList } from '../../engine/ids.js';
import { replaceLinks } from '../../engine/link-rows.js';
import { allMenus } from '../menu/menu-catalog.js';
import { grantableMenuIds } from '../menu/menu-reach.js';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../menu/role-links.js';
import { rowsWhereIn } from '../../engine/rows.js';
import type { Params } from '../../http/request-params.js';
import { descendantRoles } from './descendant-roles.js';
import { ADMINISTRATOR } from './role-rules.js';

/** `role/grant` body: JSON arrays of ids (comma-joined text is accepted too). */
export interface GrantRequest {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

export function grantRequest(body: Params): GrantRequest {
  const read = (name: keyof GrantRequest) => idList(body[name], name);
  return { roleIds: read('roleIds'), menuIds: read('menuIds'), dataScopeIds: read('dataScopeIds'), apiScopeIds: read('apiScopeIds') };
}

/**
 * The role grant (reference §4.5): per role, every menu link and every data / API scope
 * link is replaced, in one transaction. Roles must be the caller's tenant's; menus and
 * rules the caller may not grant (grant-tree) are left out; roles below lose what the
 * granted roles no longer hold.
 */
export class RoleGrant {
  constructor(private readonly services: AppServices) {}

  /** The roles must all be the caller's tenant's, and an administrator role needs an administrator. */
  private async checkRoles(ctx: RequestContext, roleIds: string[]): Promise<void> {
    if (roleIds.length === 0) throw badRequest('request.paramMissing', { name: 'roleIds' });
    const roles = await this.services.resources.rowsOf(ctx).whereIn(this.services.model('system/role'), roleIds);
    if (roles.length !== roleIds.length) throw notFound();
    if (roles.some((r) => r.roleAlias === ADMINISTRATOR) && !isAdministrator(ctx)) throw badRequest('role.grantAdministrator');
  }

  /** Existing rules on grantable menus; in the platform tenant any existing rule. */
  private async grantableRules(ctx: RequestContext, modelKey: string, ids: string[], menus: Set<string>): Promise<string[]> {
    const rules = await rowsWhereIn(this.services.system.repo, { model: this.services.model(modelKey), ctx: systemContext(), values: ids });
    return rules.filter((r) => ctx.tenantId === PLATFORM_TENANT || menus.has(String(r.menuId))).map((r) => String(r.id));
  }

  /** Roles below the granted ones keep only menus the granted roles now hold. */
  private async stripBelow(rows: CallerRows, roleIds: string[], kept: Set<string>): Promise<void> {
    const all = await rows.list(this.services.model('system/role'));
    const below = descendantRoles(all, roleIds);
    const model = this.services.model('system/role-menu');
    const lost = (await rows.whereIn(model, below, 'roleId')).filter((l) => !kept.has(String(l.menuId)));
    if (lost.length) await rows.remove(model, lost.map((l) => String(l.id)));
  }

  async grant(ctx: RequestContext, request: GrantRequest): Promise<void> {
    requireAdminRole(ctx);
    await this.checkRoles(ctx, request.roleIds);
    const grantable = await grantableMenuIds(this.services, ctx, await allMenus(this.services));
    const menuIds = request.menuIds.filter((id) => grantable.has(id));
    const dataScopeIds = await this.grantableRules(ctx, 'system/data-scope', request.dataScopeIds, grantable);
    const apiScopeIds = await this.grantableRules(ctx, 'system/api-scope', request.apiScopeIds, grantable);
    const owners = { ownerField: 'roleId', owners: request.roleIds };
    const scopes = { ...owners, model: this.services.model('system/role-scope'), targetField: 'scopeId' };
    await this.services.resources.rowsOf(ctx).transaction(async (rows) => {
      // Two saves of the same roles at once: the second waits, then replaces what the first wrote.
      await rows.lock(this.services.model('system/role'), request.roleIds);
      await replaceLinks(rows, { ...owners, model: this.services.model('system/role-menu'), targetField: 'menuId', targets: menuIds });
      await replaceLinks(rows, { ...scopes, targets: dataScopeIds, extra: { scopeCategory: DATA_SCOPE_CATEGORY } });
      await replaceLinks(rows, { ...scopes, targets: apiScopeIds, extra: { scopeCategory: API_SCOPE_CATEGORY } });
      await this.stripBelow(rows, request.roleIds, new Set(menuIds));
    });
  }
}

import { badRequest } from '../../../shared/errors.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { ActionEvent, ActionRequest, PreparedActionHook } from '../../engine/action-hooks.js';
import type { CallerRows } from '../../engine/caller-rows.js';
import { isAdministrator, PLATFORM_TENANT, type RequestContext } from '../../engine/request-context.js';
import { replaceLinks } from '../../engine/link-rows.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { allMenus } from '../menu/menu-catalog.js';
import { grantableMenuIds } from '../menu/menu-reach.js';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../menu/role-links.js';
import { descendantRoles } from './descendant-roles.js';
import { ADMINISTRATOR } from './role-rules.js';

/** What the grant links: the sent menus and rules the caller may grant. */
interface Grantable {
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** The form's list of ids (the engine read it: ids only, capped; absent when empty). */
const formIds = (form: Record<string, unknown>, name: keyof Grantable): string[] => (form[name] as string[] | undefined) ?? [];

/**
 * The role grant (reference §4.5), x-actions `grant` of schemas/system/role.json (run kind
 * hook): per role, every menu link and every data / API scope link is replaced, in the
 * action's transaction. The engine has checked the admin role (the guard), the keys (several
 * roleIds), the form's id lists and that every role is the caller's tenant's (else 404).
 * Menus and rules the caller may not grant (grant-tree) are left out; roles below lose what
 * the granted roles no longer hold.
 */
export class RoleGrant implements PreparedActionHook<Grantable> {
  constructor(private readonly services: AppServices) {}

  /** The grant tree's lookups read through their own connection: before the transaction. */
  async prepare({ ctx, form }: ActionRequest): Promise<Grantable> {
    const grantable = await grantableMenuIds(this.services, ctx, await allMenus(this.services));
    return {
      menuIds: formIds(form, 'menuIds').filter((id) => grantable.has(id)),
      dataScopeIds: await this.grantableRules({ ctx, modelKey: 'system/data-scope', ids: formIds(form, 'dataScopeIds'), menus: grantable }),
      apiScopeIds: await this.grantableRules({ ctx, modelKey: 'system/api-scope', ids: formIds(form, 'apiScopeIds'), menus: grantable }),
    };
  }

  async run({ ctx, rows, keys: roleIds }: ActionEvent, granted: Grantable): Promise<unknown> {
    const roles = await rows.whereIn(this.services.model('system/role'), roleIds);
    if (roles.some((r) => r.roleAlias === ADMINISTRATOR) && !isAdministrator(ctx)) throw badRequest('role.grantAdministrator');
    // Two saves of the same roles at once: the second waits, then replaces what the first wrote.
    await rows.lock(this.services.model('system/role'), roleIds);
    const owners = { ownerField: 'roleId', owners: roleIds };
    const scopes = { ...owners, model: this.services.model('system/role-scope'), targetField: 'scopeId' };
    await replaceLinks(rows, { ...owners, model: this.services.model('system/role-menu'), targetField: 'menuId', targets: granted.menuIds });
    await replaceLinks(rows, { ...scopes, targets: granted.dataScopeIds, extra: { scopeCategory: DATA_SCOPE_CATEGORY } });
    await replaceLinks(rows, { ...scopes, targets: granted.apiScopeIds, extra: { scopeCategory: API_SCOPE_CATEGORY } });
    await this.stripBelow(rows, roleIds, new Set(granted.menuIds));
    return {};
  }

  /** Existing rules on grantable menus; in the platform tenant any existing rule. */
  private async grantableRules(opts: { ctx: RequestContext; modelKey: string; ids: string[]; menus: Set<string> }): Promise<string[]> {
    const rules = await rowsWhereIn(this.services.system.repo, { model: this.services.model(opts.modelKey), ctx: systemContext(), values: opts.ids });
    return rules.filter((r) => opts.ctx.tenantId === PLATFORM_TENANT || opts.menus.has(String(r.menuId))).map((r) => String(r.id));
  }

  /** Roles below the granted ones keep only menus the granted roles now hold. */
  private async stripBelow(rows: CallerRows, roleIds: string[], kept: Set<string>): Promise<void> {
    const all = await rows.list(this.services.model('system/role'));
    const below = descendantRoles(all, roleIds);
    const model = this.services.model('system/role-menu');
    const lost = (await rows.whereIn(model, below, 'roleId')).filter((l) => !kept.has(String(l.menuId)));
    if (lost.length) await rows.remove(model, lost.map((l) => String(l.id)));
  }
}

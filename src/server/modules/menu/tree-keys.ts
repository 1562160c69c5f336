import { systemContext, type AppServices } from '../../app-services.js';
import { PLATFORM_TENANT, type RequestContext } from '../../engine/request-context.js';
import { idList } from '../../engine/ids.js';
import { allMenus, menuIds } from './menu-catalog.js';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY, menuIdsOfRoles, menuIdsOfTopMenus, scopeIdsOfRoles } from './role-links.js';

/** Checked keys of the grant dialogs, as id strings. */
export interface RoleTreeKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** The ids among `raw` that name live rows of the caller's tenant; others are ignored. */
async function ownIds(services: AppServices, ctx: RequestContext, modelKey: string, raw: unknown, name: string): Promise<string[]> {
  const rows = await services.resources.rowsOf(ctx).whereIn(services.model(modelKey), idList(raw, name));
  return rows.map((r) => String(r.id));
}

/**
 * What the roles hold: menu links and data / API scope links. The platform's
 * `administrator` role holds every menu and may call every API whatever its links say
 * (it bypasses both checks), so its dialog ticks them all; data scopes do not limit it,
 * so only its stored data-scope links are ticked.
 */
export async function roleTreeKeys(services: AppServices, ctx: RequestContext, rawRoleIds: unknown): Promise<RoleTreeKeys> {
  const roles = await services.resources.rowsOf(ctx).whereIn(services.model('system/role'), idList(rawRoleIds, 'roleIds'));
  const roleIds = roles.map((r) => String(r.id));
  const everything = ctx.tenantId === PLATFORM_TENANT && roles.some((r) => r.roleAlias === 'administrator');
  const [menu, dataScope, apiScope] = await Promise.all([
    everything ? menuIds(await allMenus(services)) : menuIdsOfRoles(services, roleIds),
    scopeIdsOfRoles(services, roleIds, DATA_SCOPE_CATEGORY),
    everything ? allApiScopeIds(services) : scopeIdsOfRoles(services, roleIds, API_SCOPE_CATEGORY),
  ]);
  return { menu: [...menu], dataScope: [...dataScope], apiScope: [...apiScope] };
}

async function allApiScopeIds(services: AppServices): Promise<Set<string>> {
  const rows = await services.system.repo.list(services.model('system/api-scope'), systemContext(), { conditions: [], order: [] });
  return new Set(rows.map((r) => String(r.id)));
}

/** Menus set up for the top menus. */
export async function topTreeKeys(services: AppServices, ctx: RequestContext, rawTopMenuIds: unknown): Promise<{ menu: string[] }> {
  const topMenuIds = await ownIds(services, ctx, 'system/top-menu', rawTopMenuIds, 'topMenuIds');
  return { menu: [...(await menuIdsOfTopMenus(services, topMenuIds))] };
}

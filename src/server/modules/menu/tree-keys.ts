import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { idList } from './id-list.js';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY, menuIdsOfRoles, menuIdsOfTopMenus, scopeIdsOfRoles } from './role-links.js';
import { rowsWhereIn } from './rows.js';

/** Checked keys of the grant dialogs, as id strings. */
export interface RoleTreeKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** The ids among `raw` that name live rows of the caller's tenant; others are ignored. */
async function ownIds(services: AppServices, ctx: RequestContext, modelKey: string, raw: unknown, name: string): Promise<string[]> {
  const rows = await rowsWhereIn(services.repo, { model: services.model(modelKey), ctx, values: idList(raw, name) });
  return rows.map((r) => String(r.id));
}

/** What the roles hold: menu links and data / API scope links. */
export async function roleTreeKeys(services: AppServices, ctx: RequestContext, rawRoleIds: unknown): Promise<RoleTreeKeys> {
  const roleIds = await ownIds(services, ctx, 'system/role', rawRoleIds, 'roleIds');
  const [menu, dataScope, apiScope] = await Promise.all([
    menuIdsOfRoles(services, roleIds),
    scopeIdsOfRoles(services, roleIds, DATA_SCOPE_CATEGORY),
    scopeIdsOfRoles(services, roleIds, API_SCOPE_CATEGORY),
  ]);
  return { menu: [...menu], dataScope: [...dataScope], apiScope: [...apiScope] };
}

/** Menus set up for the top menus. */
export async function topTreeKeys(services: AppServices, ctx: RequestContext, rawTopMenuIds: unknown): Promise<{ menu: string[] }> {
  const topMenuIds = await ownIds(services, ctx, 'system/top-menu', rawTopMenuIds, 'topMenuIds');
  return { menu: [...(await menuIdsOfTopMenus(services, topMenuIds))] };
}

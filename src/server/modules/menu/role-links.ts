import { systemContext, type AppServices } from '../../app-services.js';
import { rowsWhereIn } from '../../engine/rows.js';

export const DATA_SCOPE_CATEGORY = 1;
export const API_SCOPE_CATEGORY = 2;

/** Menu ids linked to any of the roles (blade_role_menu). */
export async function menuIdsOfRoles(services: AppServices, roleIds: string[]): Promise<Set<string>> {
  const links = await rowsWhereIn(services.system.repo, { model: services.model('system/role-menu'), ctx: systemContext(), values: roleIds, field: 'roleId' });
  return new Set(links.map((l) => String(l.menuId)));
}

/** Scope ids of one category (1 data, 2 API) linked to any of the roles (blade_role_scope). */
export async function scopeIdsOfRoles(services: AppServices, roleIds: string[], category: number): Promise<Set<string>> {
  const links = await rowsWhereIn(services.system.repo, { model: services.model('system/role-scope'), ctx: systemContext(), values: roleIds, field: 'roleId' });
  return new Set(links.filter((l) => Number(l.scopeCategory) === category).map((l) => String(l.scopeId)));
}

/** Menu ids set up for any of the top menus (blade_top_menu_setting). */
export async function menuIdsOfTopMenus(services: AppServices, topMenuIds: string[]): Promise<Set<string>> {
  const links = await rowsWhereIn(services.system.repo, { model: services.model('system/top-menu-setting'), ctx: systemContext(), values: topMenuIds, field: 'topMenuId' });
  return new Set(links.map((l) => String(l.menuId)));
}

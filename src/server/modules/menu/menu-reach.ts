import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { PLATFORM_TENANT, isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';
import { menuIds, withAncestors } from './menu-catalog.js';
import { menuIdsOfRoles } from './role-links.js';
import { packageMenuIds } from './tenant-package.js';

const within = (ids: Iterable<string>, limit: Set<string>) => [...ids].filter((id) => limit.has(id));

/**
 * Menus and buttons the caller's roles reach (reference §6.1): every one for the
 * platform administrator; else the role links, limited to the tenant package.
 */
export async function reachableMenuIds(services: AppServices, ctx: RequestContext, menus: EntityRecord[]): Promise<Set<string>> {
  if (isPlatformAdmin(ctx)) return menuIds(menus);
  const granted = await menuIdsOfRoles(services, ctx.roleIds ?? []);
  const limit = await packageMenuIds(services, ctx.tenantId);
  return limit ? new Set(within(granted, limit)) : granted;
}

/**
 * Menus the caller may see in the grant dialogs and hand out: every menu in the platform
 * tenant; elsewhere the caller's own role menus with their ancestors, trimmed to the
 * tenant package (package menus plus their ancestors).
 */
export async function grantableMenuIds(services: AppServices, ctx: RequestContext, menus: EntityRecord[]): Promise<Set<string>> {
  if (ctx.tenantId === PLATFORM_TENANT) return menuIds(menus);
  const own = withAncestors(menus, await menuIdsOfRoles(services, ctx.roleIds ?? []));
  const limit = await packageMenuIds(services, ctx.tenantId);
  return limit ? withAncestors(menus, within(own, limit)) : own;
}

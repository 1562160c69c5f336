import type { EndpointModel, EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import { allMenus, withAncestors } from '../menu/menu-catalog.js';
import { menuIdsOfRoles } from '../menu/role-links.js';
import { packageMenuIds } from '../menu/tenant-package.js';
import type { MaybePromise } from '../../../shared/maybe-promise.js';

/** Reads every screen may need: the top bar's top menus; the grant dialogs' menus and scope rules (the caller's own grantable menus only); the welcome page's demo accounts. */
const OPEN_ACTIONS = new Set(['top-menu', 'grant-tree', 'grant-top-tree', 'demo-accounts']);

/**
 * Whether a read serves an entity's screen, so that it needs the screen's menu grant:
 * every engine read of an entity that has a menu (page, list, trees, lazy lists,
 * detail, and the modules' reads through the engine), except the lookups every screen
 * may need: `select` endpoints, the dictionary lookup and the top bar's top menus.
 */
export function isScreenRead(model: EntityModel, endpoint?: EndpointModel): boolean {
  if (!model.menu) return false;
  return !endpoint || !(endpoint.kind === 'select' || endpoint.action === 'dictionary' || OPEN_ACTIONS.has(endpoint.action));
}

/** Pickers the console's own pages use beyond the schemas' x-options: URL → model keys of the screens. */
const PAGE_PICKERS: Record<string, string[]> = {
  '/blade-system/menu/lazy-menu-list': ['system/data-scope', 'system/api-scope'],
  '/blade-system/menu/tree': ['system/tenant'],
};

/** Pickers of screens without a schema, by the menu code of the screen: the leave form (opened from 发起事务) picks its approver. */
const MENU_PICKERS: Record<string, string[]> = {
  '/blade-user/user-list': ['work_start'],
};

/** Picker URL (x-options.url, PAGE_PICKERS, MENU_PICKERS) → menu codes of the screens that use it. */
function pickerScreens(services: AppServices): Map<string, Set<string>> {
  const screens = new Map<string, Set<string>>();
  const add = (url: string, model: EntityModel) => {
    if (model.menu) screens.set(url, new Set([...(screens.get(url) ?? []), model.menu.code]));
  };
  for (const model of services.models) {
    for (const field of model.fields) if (field.options) add(field.options.url.split('?')[0], model);
  }
  for (const [url, keys] of Object.entries(PAGE_PICKERS)) for (const key of keys) add(url, services.model(key));
  for (const [url, codes] of Object.entries(MENU_PICKERS)) screens.set(url, new Set([...(screens.get(url) ?? []), ...codes]));
  return screens;
}

/**
 * Menu codes of the screens the caller reaches: the sidebar's menus (granted menus and
 * buttons with their ancestors), within the tenant's package. A tenant's `administrator`
 * reaches every menu of its package, as it holds every button of it.
 */
function reachedMenuCodes(services: AppServices, ctx: RequestContext): MaybePromise<Set<string>> {
  const roleIds = [...(ctx.roleIds ?? [])].sort();
  const everything = isAdministrator(ctx);
  const key = `screen-reads:${ctx.tenantId}:${everything ? '*' : roleIds.join(',')}`;
  const tables = ['system/menu', 'system/role-menu', 'system/tenant', 'system/tenant-package'].map((k) => services.model(k).table);
  return services.derived.get(key, tables, async () => {
    const menus = await allMenus(services);
    const limit = await packageMenuIds(services, ctx.tenantId);
    let ids: Iterable<string> = everything ? menus.map((m) => String(m.id)) : await menuIdsOfRoles(services, roleIds);
    if (limit) ids = [...ids].filter((id) => limit.has(id));
    const reached = withAncestors(menus, ids);
    return new Set(menus.filter((m) => reached.has(String(m.id))).map((m) => String(m.code)));
  });
}

/** Screen reads of menus the caller does not reach are refused; a picker is allowed to the screens that use it. */
export class ScreenReads {
  private pickers?: Map<string, Set<string>>;

  constructor(private readonly services: AppServices) {}

  async allowed(model: EntityModel, ctx: RequestContext, endpoint?: EndpointModel): Promise<boolean> {
    if (!isScreenRead(model, endpoint)) return true;
    const reached = await reachedMenuCodes(this.services, ctx);
    if (reached.has(model.menu!.code)) return true;
    this.pickers ??= pickerScreens(this.services);
    const users = endpoint ? this.pickers.get(`${model.apiPath}/${endpoint.action}`) : undefined;
    return [...(users ?? [])].some((code) => reached.has(code));
  }
}

/** Whether the caller reaches the menu of this code (hand-written screens such as the reports). */
export async function reachesMenu(services: AppServices, ctx: RequestContext, code: string): Promise<boolean> {
  if (ctx.isSystem) return true;
  return (await reachedMenuCodes(services, ctx)).has(code);
}

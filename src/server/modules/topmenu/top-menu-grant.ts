import { badRequest, notFound } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { requireAdminRole, type RequestContext } from '../../engine/request-context.js';
import { idList } from '../../engine/ids.js';
import { replaceLinks } from '../../engine/link-rows.js';
import { MENU_CATEGORY, allMenus, menuIds, menusIn } from '../menu/menu-catalog.js';
import { grantableMenuIds } from '../menu/menu-reach.js';
import type { Params } from '../../http/request-params.js';

/**
 * `topmenu/grant` (JSON {topMenuIds, menuIds}): replaces the menus of those top menus,
 * which must be the caller's tenant's. Only menus of grant-top-tree are linked.
 */
export async function grantTopMenus(services: AppServices, ctx: RequestContext, body: Params): Promise<void> {
  requireAdminRole(ctx);
  const topMenuIds = idList(body.topMenuIds, 'topMenuIds');
  if (topMenuIds.length === 0) throw badRequest('request.paramMissing', { name: 'topMenuIds' });
  const sentMenuIds = idList(body.menuIds, 'menuIds');
  const rows = services.resources.rowsOf(ctx);
  const tops = await rows.whereIn(services.model('system/top-menu'), topMenuIds);
  if (tops.length !== topMenuIds.length) throw notFound();
  const menus = await allMenus(services);
  const grantable = menuIds(menusIn(menus, await grantableMenuIds(services, ctx, menus), MENU_CATEGORY));
  const targets = sentMenuIds.filter((id) => grantable.has(id));
  await rows.transaction(async (trx) => {
    await trx.lock(services.model('system/top-menu'), topMenuIds);
    await replaceLinks(trx, { model: services.model('system/top-menu-setting'), ownerField: 'topMenuId', owners: topMenuIds, targetField: 'menuId', targets });
  });
}

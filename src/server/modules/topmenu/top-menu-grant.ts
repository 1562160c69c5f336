import type { AppServices } from '../../app-services.js';
import type { ActionEvent, ActionRequest, PreparedActionHook } from '../../engine/action-hooks.js';
import { replaceLinks } from '../../engine/link-rows.js';
import { MENU_CATEGORY, allMenus, menuIds, menusIn } from '../menu/menu-catalog.js';
import { grantableMenuIds } from '../menu/menu-reach.js';

/**
 * `topmenu/grant` (JSON {topMenuIds, menuIds}), x-actions `setting` of schemas/system/top-menu.json
 * (run kind hook): replaces the menus of those top menus in the action's transaction. The
 * engine has checked the admin role (the guard), the keys (several topMenuIds), the form's
 * menuIds and that every top menu is the caller's tenant's (else 404). Only menus of
 * grant-top-tree are linked.
 */
export class TopMenuGrant implements PreparedActionHook<string[]> {
  constructor(private readonly services: AppServices) {}

  /** The grant tree's lookups read through their own connection: before the transaction. */
  async prepare({ ctx, form }: ActionRequest): Promise<string[]> {
    const menus = await allMenus(this.services);
    const grantable = menuIds(menusIn(menus, await grantableMenuIds(this.services, ctx, menus), MENU_CATEGORY));
    return ((form.menuIds as string[] | undefined) ?? []).filter((id) => grantable.has(id));
  }

  async run({ rows, keys: topMenuIds }: ActionEvent, targets: string[]): Promise<unknown> {
    await rows.lock(this.services.model('system/top-menu'), topMenuIds);
    await replaceLinks(rows, { model: this.services.model('system/top-menu-setting'), ownerField: 'topMenuId', owners: topMenuIds, targetField: 'menuId', targets });
    return {};
  }
}

import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { buildForest, type TreeNode } from '../../engine/tree-nodes.js';
import { BUTTON_CATEGORY, MENU_CATEGORY, allMenus, menusIn, withAncestors } from './menu-catalog.js';
import { reachableMenuIds } from './menu-reach.js';
import { menuIdsOfTopMenus } from './role-links.js';
import { rowsWhereIn } from '../../engine/rows.js';

/** The caller's sidebar (`routes`) and button permissions (`buttons`), reference §6.1. */
export class MenuAccess {
  constructor(private readonly services: AppServices) {}

  /** Menus set up for a top menu of the caller's tenant; an id of another tenant has none. */
  private async topMenuMenus(ctx: RequestContext, topMenuId: string): Promise<Set<string>> {
    const [top] = await rowsWhereIn(this.services.system.repo, { model: this.services.model('system/top-menu'), ctx, values: [topMenuId] });
    return top ? menuIdsOfTopMenus(this.services, [topMenuId]) : new Set();
  }

  /** Reached menus with their ancestors; with a top menu, only those it shows (then their ancestors again). */
  async routes(ctx: RequestContext, topMenuId?: string): Promise<TreeNode[]> {
    const menus = await allMenus(this.services);
    let ids = await reachableMenuIds(this.services, ctx, menus);
    if (topMenuId) {
      const shown = await this.topMenuMenus(ctx, topMenuId);
      ids = new Set([...withAncestors(menus, ids)].filter((id) => shown.has(id)));
    }
    return buildForest(this.services.model('system/menu'), menusIn(menus, withAncestors(menus, ids), MENU_CATEGORY));
  }

  /** Reached buttons under their menus (the client flattens the leaves into code flags). */
  async buttons(ctx: RequestContext): Promise<TreeNode[]> {
    const menus = await allMenus(this.services);
    const buttons = menusIn(menus, await reachableMenuIds(this.services, ctx, menus), BUTTON_CATEGORY);
    const keep = withAncestors(menus, buttons.map((b) => String(b.id)));
    return buildForest(this.services.model('system/menu'), menusIn(menus, keep));
  }
}

import { systemContext, type AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { buildForest, type TreeNode } from '../../engine/tree-nodes.js';
import { allMenus, menuIds, menusIn } from './menu-catalog.js';
import { grantableMenuIds } from './menu-reach.js';

/** The three tabs of the role grant dialog. */
export interface GrantForests {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

/* A type alias, not an interface, so it fits EntityRecord's index signature. */
type NodeRecord = {
  id: string;
  parentId: string;
  title: string;
};

const menuNode = (m: EntityRecord): NodeRecord => ({ id: String(m.id), parentId: String(m.parentId), title: String(m.name) });

/** Forests of the grant dialogs (reference §6.1): menus and scope rules the caller may grant. */
export class GrantTrees {
  constructor(private readonly services: AppServices) {}

  /** BladeX TreeNodes (id, parentId, title, key, value, children, hasChildren) and nothing else. */
  private forest(nodes: NodeRecord[]): TreeNode[] {
    const menu = this.services.model('system/menu');
    return buildForest({ ...menu, tree: { ...menu.tree!, labelField: 'title' } }, nodes);
  }

  /** Menus owning rules, with the rules as leaves under them (parentId = menu id, title = scopeName). */
  private async scopeForest(modelKey: 'system/data-scope' | 'system/api-scope', visible: EntityRecord[]): Promise<TreeNode[]> {
    const rules = await this.services.system.repo.list(this.services.model(modelKey), systemContext(), { conditions: [], order: [{ column: 'id', dir: 'asc' }] });
    const shown = menuIds(visible);
    const owned = rules.filter((r) => shown.has(String(r.menuId)));
    const owners = new Set(owned.map((r) => String(r.menuId)));
    return this.forest([
      ...visible.filter((m) => owners.has(String(m.id))).map(menuNode),
      ...owned.map((r) => ({ id: String(r.id), parentId: String(r.menuId), title: String(r.scopeName) })),
    ]);
  }

  private async visibleMenus(ctx: RequestContext, category?: number): Promise<EntityRecord[]> {
    const menus = await allMenus(this.services);
    return menusIn(menus, await grantableMenuIds(this.services, ctx, menus), category);
  }

  async grantTree(ctx: RequestContext): Promise<GrantForests> {
    const visible = await this.visibleMenus(ctx);
    const [dataScope, apiScope] = await Promise.all([this.scopeForest('system/data-scope', visible), this.scopeForest('system/api-scope', visible)]);
    return { menu: this.forest(visible.map(menuNode)), dataScope, apiScope };
  }
}

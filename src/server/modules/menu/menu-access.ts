import type { EntityRecord } from '../../engine/record-codec.js';
import { buildForest, type TreeNode } from '../../engine/tree-nodes.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { AuthUser } from '../../http/fastify-types.js';

export const MENU_CATEGORY = 1;
export const BUTTON_CATEGORY = 2;

/** Which menus and buttons a caller's roles reach (reference §6.1). */
export class MenuAccess {
  constructor(private readonly services: AppServices) {}

  private async allMenus(): Promise<EntityRecord[]> {
    const model = this.services.model('system/menu');
    return this.services.repo.list(model, systemContext(), { conditions: [], order: [{ column: 'sort', dir: 'asc' }, { column: 'id', dir: 'asc' }] });
  }

  private async grantedIds(user: AuthUser): Promise<Set<string>> {
    const model = this.services.model('system/role-menu');
    const roleField = model.fields.find((f) => f.name === 'roleId')!;
    const links = user.roleIds.length
      ? await this.services.repo.list(model, systemContext(), { conditions: [{ field: roleField, op: 'equal', value: user.roleIds[0] }], order: [] })
      : [];
    const more = await Promise.all(user.roleIds.slice(1).map((roleId) =>
      this.services.repo.list(model, systemContext(), { conditions: [{ field: roleField, op: 'equal', value: roleId }], order: [] })));
    return new Set([...links, ...more.flat()].map((l) => String(l.menuId)));
  }

  /** The caller's menus of a category, with every ancestor so the tree stays whole. */
  async reachable(user: AuthUser, category: number): Promise<EntityRecord[]> {
    const menus = await this.allMenus();
    const isAdministrator = user.roleAliases.includes('administrator');
    const granted = isAdministrator ? undefined : await this.grantedIds(user);
    const byId = new Map(menus.map((m) => [String(m.id), m]));
    const keep = new Set<string>();
    for (const menu of menus) {
      if (Number(menu.category) !== category || (granted && !granted.has(String(menu.id)))) continue;
      for (let id: string | undefined = String(menu.id); id && byId.has(id) && !keep.has(id); id = String(byId.get(id)!.parentId)) keep.add(id);
    }
    return menus.filter((m) => keep.has(String(m.id)));
  }

  async routes(user: AuthUser): Promise<TreeNode[]> {
    return buildForest(this.services.model('system/menu'), await this.reachable(user, MENU_CATEGORY));
  }

  async buttons(user: AuthUser): Promise<TreeNode[]> {
    return buildForest(this.services.model('system/menu'), await this.reachable(user, BUTTON_CATEGORY));
  }
}

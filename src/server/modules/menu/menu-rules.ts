import { AppError } from '../../../shared/errors.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { MENU_CATEGORY } from './menu-catalog.js';
import { checkedParent } from '../../engine/tree-parent.js';

/** Menu writes: buttons hang under menus only (BladeX 父节点只可选择菜单类型!). */
export const menuRules: ResourceHooks = {
  async beforeWrite(event) {
    const parent = await checkedParent(event);
    if (parent && Number(parent.category) !== MENU_CATEGORY) {
      throw new AppError('menu.parentNotMenu', undefined, 400, { field: 'parentId' });
    }
  },
};

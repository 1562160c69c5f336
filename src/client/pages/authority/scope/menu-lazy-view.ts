import type { EntityModel } from '../../../../shared/schema/entity-model';

/** Columns of the menu list on the scope screens (Saber datascope.vue / apiscope.vue). */
const COLUMNS = ['name', 'path', 'source', 'code', 'alias', 'sort'];

/**
 * The menu entity seen as the scope screens' left list: menus only (`lazy-menu-list`),
 * one level at a time, and none of the engine's own buttons (Saber turns add, edit,
 * delete and view off there; the only row button is 权限配置).
 */
export function menuLazyModel(menu: EntityModel): EntityModel {
  const columns = menu.list.columns.filter((column) => COLUMNS.includes(column.field));
  return {
    ...menu,
    list: { ...menu.list, endpoint: 'lazy-menu-list', mode: 'lazy-tree', parentParam: 'parentId', columns, actions: [], children: undefined },
  };
}

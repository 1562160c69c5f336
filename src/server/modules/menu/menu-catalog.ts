import { systemContext, type AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { defaultOrder } from '../../engine/rows.js';
import type { MaybePromise } from '../../../shared/maybe-promise.js';

export const MENU_CATEGORY = 1;
export const BUTTON_CATEGORY = 2;

const idOf = (row: EntityRecord) => String(row.id);

/** Every live menu and button, in sort order; cached until blade_menu is written. */
export function allMenus(services: AppServices): MaybePromise<EntityRecord[]> {
  const model = services.model('system/menu');
  return services.derived.get('menu-module:all-menus', [model.table], () =>
    services.system.repo.list(model, systemContext(), { conditions: [], order: defaultOrder(model) }));
}

/** The given menu ids plus every ancestor, limited to live menus. */
export function withAncestors(menus: EntityRecord[], ids: Iterable<string>): Set<string> {
  const byId = new Map(menus.map((m) => [idOf(m), m]));
  const out = new Set<string>();
  for (const start of ids) {
    for (let id = start; byId.has(id) && !out.has(id); id = String(byId.get(id)!.parentId)) out.add(id);
  }
  return out;
}

/** Menus among `menus` whose id is in `ids`, optionally of one category; order kept. */
export function menusIn(menus: EntityRecord[], ids: Set<string>, category?: number): EntityRecord[] {
  return menus.filter((m) => ids.has(idOf(m)) && (category === undefined || Number(m.category) === category));
}

export const menuIds = (menus: EntityRecord[]): Set<string> => new Set(menus.map(idOf));

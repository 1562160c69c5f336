import type { Condition } from '../../engine/conditions.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { MaybePromise } from '../../../shared/maybe-promise.js';

export const DATA_SCOPE_CATEGORY = 1;
export const API_SCOPE_CATEGORY = 2;

/** Rows of a shared entity where `field` is one of `values`. */
async function rowsWhere(services: AppServices, modelKey: string, field: string, values: string[]): Promise<EntityRecord[]> {
  if (values.length === 0) return [];
  const model = services.model(modelKey);
  const condition: Condition = { field: fieldOf(model, field)!, op: 'in', value: values };
  return services.system.repo.list(model, systemContext(), { conditions: [condition], order: [] });
}

/** Button code → its menu id, for the buttons linked to any of the roles (`undefined`: every button). */
export function buttonMenus(services: AppServices, roleIds: string[] | undefined): MaybePromise<Map<string, string>> {
  const key = `buttons:${roleIds ? [...roleIds].sort().join(',') : '*'}`;
  return services.derived.get(key, ['blade_role_menu', 'blade_menu'], async () => {
    const menuIds = roleIds ? (await rowsWhere(services, 'system/role-menu', 'roleId', roleIds)).map((l) => String(l.menuId)) : undefined;
    const menus = menuIds
      ? await rowsWhere(services, 'system/menu', 'id', menuIds)
      : await services.system.repo.list(services.model('system/menu'), systemContext(), { conditions: [], order: [] });
    return new Map(menus.filter((m) => Number(m.category) === 2).map((m) => [String(m.code), String(m.id)]));
  });
}

/** Scope ids of a category linked to each role: roleId → scope ids. */
export function scopeLinks(services: AppServices, roleIds: string[], category: number): MaybePromise<Map<string, Set<string>>> {
  const key = `scopes:${category}:${[...roleIds].sort().join(',')}`;
  return services.derived.get(key, ['blade_role_scope'], async () => {
    const links = await rowsWhere(services, 'system/role-scope', 'roleId', roleIds);
    const byRole = new Map<string, Set<string>>(roleIds.map((r) => [r, new Set<string>()]));
    for (const link of links.filter((l) => Number(l.scopeCategory) === category)) byRole.get(String(link.roleId))?.add(String(link.scopeId));
    return byRole;
  });
}

/** Every live row of a rule table (data or API scopes), cached until it changes. */
export function allRules(services: AppServices, modelKey: 'system/data-scope' | 'system/api-scope'): MaybePromise<EntityRecord[]> {
  const model = services.model(modelKey);
  return services.derived.get(`rules:${modelKey}`, [model.table], () =>
    services.system.repo.list(model, systemContext(), { conditions: [], order: [] }));
}

import type { Condition } from '../../engine/conditions.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { systemContext, type AppServices } from '../../app-services.js';

export const DATA_SCOPE_CATEGORY = 1;
export const API_SCOPE_CATEGORY = 2;

/** Rows of a shared entity where `field` is one of `values`. */
async function rowsWhere(services: AppServices, modelKey: string, field: string, values: string[]): Promise<EntityRecord[]> {
  if (values.length === 0) return [];
  const model = services.model(modelKey);
  const condition: Condition = { field: model.fields.find((f) => f.name === field)!, op: 'in', value: values };
  return services.repo.list(model, systemContext(), { conditions: [condition], order: [] });
}

/** Button codes granted to any of the roles (menus of category 2 linked to them). */
export function buttonCodes(services: AppServices, roleIds: string[]): Promise<Set<string>> {
  const key = `buttons:${[...roleIds].sort().join(',')}`;
  return services.derived.get(key, ['blade_role_menu', 'blade_menu'], async () => {
    const links = await rowsWhere(services, 'system/role-menu', 'roleId', roleIds);
    const menus = await rowsWhere(services, 'system/menu', 'id', links.map((l) => String(l.menuId)));
    return new Set(menus.filter((m) => Number(m.category) === 2).map((m) => String(m.code)));
  });
}

/** Scope ids of a category linked to each role: roleId → scope ids. */
export function scopeLinks(services: AppServices, roleIds: string[], category: number): Promise<Map<string, Set<string>>> {
  const key = `scopes:${category}:${[...roleIds].sort().join(',')}`;
  return services.derived.get(key, ['blade_role_scope'], async () => {
    const links = await rowsWhere(services, 'system/role-scope', 'roleId', roleIds);
    const byRole = new Map<string, Set<string>>(roleIds.map((r) => [r, new Set<string>()]));
    for (const link of links.filter((l) => Number(l.scopeCategory) === category)) byRole.get(String(link.roleId))?.add(String(link.scopeId));
    return byRole;
  });
}

/** Every live row of a rule table (data or API scopes), cached until it changes. */
export function allRules(services: AppServices, modelKey: 'system/data-scope' | 'system/api-scope'): Promise<EntityRecord[]> {
  const model = services.model(modelKey);
  return services.derived.get(`rules:${modelKey}`, [model.table], () =>
    services.repo.list(model, systemContext(), { conditions: [], order: [] }));
}

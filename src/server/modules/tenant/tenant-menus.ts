import { isEmpty } from '../../../shared/is-empty.js';
import { systemContext, type AppServices } from '../../app-services.js';
import { splitKeys } from '../../engine/ids.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import { TENANT_DEFAULT_MENU_CODE } from '../../seed/data/org.js';
import { readParam } from '../../system-param.js';


/** The reference's fallback when the parameter is missing: the seeded list without `post`. */
const FALLBACK_MENU_CODES = splitKeys(TENANT_DEFAULT_MENU_CODE).filter((code) => code !== 'post');

/**
 * Ids of the menus whose code is listed, with every descendant (buttons included),
 * kept within `allowed` when given (the tenant's package).
 */
export function menusWithDescendants(menus: EntityRecord[], codes: string[], allowed?: Set<string>): string[] {
  const children = new Map<string, string[]>();
  for (const menu of menus) {
    const parent = String(menu.parentId);
    children.set(parent, [...(children.get(parent) ?? []), String(menu.id)]);
  }
  const wanted = new Set(codes);
  const found = new Set<string>();
  const queue = menus.filter((m) => wanted.has(String(m.code))).map((m) => String(m.id));
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...found].filter((id) => !allowed || allowed.has(id));
}

/** Menu ids a new tenant's admin role is granted (reference §7 step 3). */
export async function defaultTenantMenus(opts: { services: AppServices; repo: Repository; packageId?: unknown }): Promise<string[]> {
  const { services, repo } = opts;
  const codes = splitKeys((await readParam(services, 'tenant.default.menuCode', repo)) ?? '');
  const menus = await repo.list(services.model('system/menu'), systemContext(), { conditions: [], order: [] });
  return menusWithDescendants(menus, codes.length ? codes : FALLBACK_MENU_CODES, await packageMenus(opts));
}

/** The package's menu ids, or undefined when the tenant has no package. */
async function packageMenus(opts: { services: AppServices; repo: Repository; packageId?: unknown }): Promise<Set<string> | undefined> {
  const packageId = String(opts.packageId ?? '');
  if (isEmpty(packageId) || packageId === '0') return undefined;
  const found = await opts.repo.findByKey(opts.services.model('system/tenant-package'), systemContext(), packageId);
  return new Set(splitKeys(String(found?.menuId ?? '')));
}

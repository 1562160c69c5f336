import { systemContext, type AppServices } from '../../app-services.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { allMenus, menuIds } from './menu-catalog.js';
import { grantableMenuIds } from './menu-reach.js';

/**
 * The grant dialog's checked keys (menu.json `role-tree-keys`, kind linked-keys) beyond the
 * stored links: the platform's `administrator` role holds every menu and may call every API
 * whatever its links say (it bypasses both checks), so its dialog ticks them all; data
 * scopes do not limit it, so only its stored data-scope links are ticked.
 */
export function administratorTreeKeys(services: AppServices): ResourceHooks {
  return {
    async viewKeys({ ctx, endpoint, owners, keys }) {
      if (endpoint.action !== 'role-tree-keys') return keys;
      if (ctx.tenantId !== PLATFORM_TENANT || !owners.some((r) => r.roleAlias === 'administrator')) return keys;
      const apiScopes = await services.system.repo.list(services.model('system/api-scope'), systemContext(), { conditions: [], order: [] });
      return { ...keys, menu: [...menuIds(await allMenus(services))], apiScope: apiScopes.map((r) => String(r.id)) };
    },
  };
}

/** The grant dialogs' menus read through menu.json (grant-tree, grant-top-tree). */
const GRANT_TREES = new Set(['grant-tree', 'grant-top-tree']);

/** menu.json's grant trees: only the menus the caller may grant (its own within its package; every menu on the platform). */
export function grantableMenusOnly(services: AppServices): ResourceHooks {
  return {
    async viewRecords({ ctx, endpoint, records }) {
      if (!GRANT_TREES.has(endpoint.action)) return records;
      const grantable = await grantableMenuIds(services, ctx, await allMenus(services));
      return records.filter((menu) => grantable.has(String(menu.id)));
    },
  };
}

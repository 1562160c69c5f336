import type { AppServices } from '../../app-services.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { requireAdminRole } from '../../engine/request-context.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { TopMenuGrant } from './top-menu-grant.js';
import type { AppModule } from '../module.js';

/** A removed top menu's settings go with it. */
function topMenuCleanup(services: AppServices): ResourceHooks {
  return {
    async afterRemove({ ctx, repo, keys }) {
      const model = services.model('system/top-menu-setting');
      const links = await rowsWhereIn(repo, { model, ctx, values: keys, field: 'topMenuId' });
      if (links.length) await repo.remove(model, ctx, links.map((l) => String(l.id)));
    },
  };
}

/**
 * Top menus: the grant of their menus (CRUD is the engine's). The grant is the schema's
 * 菜单配置 action (x-actions `setting`, run kind hook, served at grant): admin roles only,
 * refused before anything else with the 403 its route always answered; the menu lookups are
 * read before the action's transaction (TopMenuGrant.prepare).
 */
export const registerTopMenuModule: AppModule = (_app, services) => {
  services.hooks.on('system/top-menu', topMenuCleanup(services));
  services.actions.guard({ entity: 'system/top-menu', action: 'setting' }, requireAdminRole);
  services.actions.on({ entity: 'system/top-menu', action: 'setting' }, new TopMenuGrant(services));
};

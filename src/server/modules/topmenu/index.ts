import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { bodyOf, queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';
import { grantTopMenus } from './top-menu-grant.js';
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
 * 菜单配置 action (run kind route): its form comes from the schema, this route serves it,
 * reading the menu lookups outside any transaction. The keys may come in the query too, as
 * every action's do.
 */
export const registerTopMenuModule: AppModule = (_app, services) => {
  services.hooks.on('system/top-menu', topMenuCleanup(services));
  return (routes) => serve(routes, { method: 'POST', path: '/blade-system/topmenu/grant', tag: 'system/top-menu', handler: (r) => grantTopMenus(services, contextOf(r), { ...queryOf(r), ...bodyOf(r) }) });
};

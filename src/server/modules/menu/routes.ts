import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { idList } from '../../engine/ids.js';
import { MenuAccess } from './menu-access.js';
import { queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';

const BASE = '/blade-system/menu';
const TAG = 'system/menu';

/** The caller's own menus and buttons (reference §4.8: what the sign-in grants them, not rows of a list); the lazy lists, the grant dialogs' trees and checked keys and the top menus are the schema's. */
export function registerMenuRoutes(app: FastifyInstance, services: AppServices): void {
  const access = new MenuAccess(services);
  const get = (action: string, handler: Parameters<typeof serve>[1]['handler']) =>
    serve(app, { method: 'GET', path: `${BASE}/${action}`, tag: TAG, handler });

  get('routes', (r) => access.routes(contextOf(r), idList(queryOf(r).topMenuId, 'topMenuId')[0]));
  get('buttons', (r) => access.buttons(contextOf(r)));
}

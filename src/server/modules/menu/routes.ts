import type { FastifyInstance } from 'fastify';
import type { EndpointModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { GrantTrees } from './grant-trees.js';
import { idList } from '../../engine/ids.js';
import { MenuAccess } from './menu-access.js';
import { queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';
import { roleTreeKeys, topTreeKeys } from './tree-keys.js';

const BASE = '/blade-system/menu';
const TAG = 'system/menu';
const ALL_ROWS: EndpointModel = { action: 'top-menu', kind: 'list', method: 'GET', where: [], params: {}, searchable: false };

/** The menu endpoints the engine cannot derive from the schema (reference §4.8); the lazy lists are the schema's. */
export function registerMenuRoutes(app: FastifyInstance, services: AppServices): void {
  const access = new MenuAccess(services);
  const grants = new GrantTrees(services);
  const get = (action: string, handler: Parameters<typeof serve>[1]['handler']) =>
    serve(app, { method: 'GET', path: `${BASE}/${action}`, tag: TAG, handler });

  get('routes', (r) => access.routes(contextOf(r), idList(queryOf(r).topMenuId, 'topMenuId')[0]));
  get('buttons', (r) => access.buttons(contextOf(r)));
  get('grant-tree', (r) => grants.grantTree(contextOf(r)));
  get('grant-top-tree', (r) => grants.grantTopTree(contextOf(r)));
  get('role-tree-keys', (r) => roleTreeKeys(services, contextOf(r), queryOf(r).roleIds));
  get('top-tree-keys', (r) => topTreeKeys(services, contextOf(r), queryOf(r).topMenuIds));
  get('top-menu', (r) => services.resources.list(services.model('system/top-menu'), ALL_ROWS, contextOf(r), {}));
}

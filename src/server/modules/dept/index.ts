import { contextOf } from '../../http/authenticate.js';
import { buildForest } from '../../engine/tree-nodes.js';
import { queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';
import { selectLinked, tenantRows, treeTenant } from '../role/tenant-reads.js';
import { deptRules } from './dept-rules.js';
import type { AppModule } from '../module.js';

const BASE = '/blade-system/dept';
const TAG = 'system/dept';

/** Departments: lazy list, tree by tenant, select, and the rules of department writes (CRUD is the engine's). */
export const registerDeptModule: AppModule = (_app, services) => {
  services.hooks.on('system/dept', deptRules);
  const model = services.model('system/dept');
  return (routes) => {
    const get = (action: string, handler: Parameters<typeof serve>[1]['handler']) =>
      serve(routes, { method: 'GET', path: `${BASE}/${action}`, tag: TAG, handler });

    get('lazy-list', (r) => services.resources.lazyList(model, contextOf(r), queryOf(r)));
    get('tree', async (r) => {
      const ctx = contextOf(r);
      return buildForest(model, await tenantRows(services, { model, ctx, tenantId: treeTenant(ctx, queryOf(r).tenantId) }));
    });
    get('select', (r) => selectLinked(services, { model, ctx: contextOf(r), query: queryOf(r), idParam: 'deptId', userField: 'deptId' }));
  };
};

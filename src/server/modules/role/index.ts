import { contextOf } from '../../http/authenticate.js';
import { bodyOf, queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';
import { RoleGrant, grantRequest } from './role-grant.js';
import { roleRules } from './role-rules.js';
import { roleTree } from './role-trees.js';
import type { AppModule } from '../module.js';

const BASE = '/blade-system/role';
const TAG = 'system/role';

/** Roles: trees by tenant (without the admin roles for other callers), the grant, and the rules of role writes (CRUD and select are the engine's). */
export const registerRoleModule: AppModule = (_app, services) => {
  services.hooks.on('system/role', roleRules(services));
  const grants = new RoleGrant(services);
  return (routes) => {
    serve(routes, { method: 'GET', path: `${BASE}/tree`, tag: TAG, handler: (r) => roleTree(services, contextOf(r), queryOf(r).tenantId) });
    // A role can only be one of the caller's tenant (any other id is ignored), so its tree is the caller's.
    serve(routes, { method: 'GET', path: `${BASE}/tree-by-id`, tag: TAG, handler: (r) => roleTree(services, contextOf(r)) });
    // The schema's 权限设置 (x-actions, run kind route); as every action, the keys may come in the query too (the body wins).
    serve(routes, { method: 'POST', path: `${BASE}/grant`, tag: TAG, handler: async (r) => grants.grant(contextOf(r), grantRequest({ ...queryOf(r), ...bodyOf(r) })) });
  };
};

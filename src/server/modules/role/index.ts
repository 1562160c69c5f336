import { contextOf } from '../../http/authenticate.js';
import { bodyOf, queryOf } from '../../http/request-params.js';
import { serve } from '../../http/serve-route.js';
import { RoleGrant, grantRequest } from './role-grant.js';
import { roleRules } from './role-rules.js';
import { roleTreeView } from './role-trees.js';
import type { AppModule } from '../module.js';

const BASE = '/blade-system/role';
const TAG = 'system/role';

/** Roles: the grant, the rules of role writes, and the view of the trees (without the admin roles for callers holding none); CRUD, select and the trees are the engine's. */
export const registerRoleModule: AppModule = (_app, services) => {
  services.hooks.on('system/role', roleRules(services));
  services.hooks.on('system/role', roleTreeView);
  const grants = new RoleGrant(services);
  return (routes) => {
    // The schema's 权限设置 (x-actions, run kind route); as every action, the keys may come in the query too (the body wins).
    serve(routes, { method: 'POST', path: `${BASE}/grant`, tag: TAG, handler: async (r) => grants.grant(contextOf(r), grantRequest({ ...queryOf(r), ...bodyOf(r) })) });
  };
};

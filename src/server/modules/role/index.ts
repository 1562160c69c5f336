import { requireAdminRole } from '../../engine/request-context.js';
import { RoleGrant } from './role-grant.js';
import { roleRules } from './role-rules.js';
import { roleTreeView } from './role-trees.js';
import type { AppModule } from '../module.js';

/**
 * Roles: the grant (the schema's 权限设置, x-actions `grant` of run kind hook: admin roles
 * only, refused before anything else with the 403 its route always answered), the rules of
 * role writes, and the view of the trees (without the admin roles for callers holding none);
 * CRUD, select and the trees are the engine's.
 */
export const registerRoleModule: AppModule = (_app, services) => {
  services.hooks.on('system/role', roleRules(services));
  services.hooks.on('system/role', roleTreeView);
  services.actions.guard({ entity: 'system/role', action: 'grant' }, requireAdminRole);
  services.actions.on({ entity: 'system/role', action: 'grant' }, new RoleGrant(services));
};

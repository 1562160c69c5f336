import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { buildForest, type TreeNode } from '../../engine/tree-nodes.js';
import { hasAdminRole } from '../menu/caller.js';
import { tenantRows, treeTenant } from './tenant-reads.js';

const ADMIN_ALIASES = new Set(['admin', 'administrator']);

/**
 * The role tree of the caller's tenant (the platform administrator may name another).
 * As BladeX, callers holding no admin role do not see the admin roles, so they cannot
 * hand them to users.
 */
export async function roleTree(services: AppServices, ctx: RequestContext, requestedTenant?: unknown): Promise<TreeNode[]> {
  const model = services.model('system/role');
  const rows = await tenantRows(services, { model, ctx, tenantId: treeTenant(ctx, requestedTenant) });
  const shown = hasAdminRole(ctx) ? rows : rows.filter((r) => !ADMIN_ALIASES.has(String(r.roleAlias)));
  return buildForest(model, shown);
}

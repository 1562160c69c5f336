import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { buildForest, type TreeNode } from '../../engine/tree-nodes.js';
import { hasAdminRole } from '../../engine/request-context.js';
import { inTreeTenant, treeTenant } from '../../engine/tenant-tree.js';
import type { EndpointModel } from '../../../shared/schema/entity-model.js';

const ADMIN_ALIASES = new Set(['admin', 'administrator']);
const ALL_ROWS: EndpointModel = { action: 'tree', kind: 'list', method: 'GET', where: [], params: {}, searchable: false };

/**
 * The role tree of the caller's tenant (the platform administrator may name another).
 * As BladeX, callers holding no admin role do not see the admin roles, so they cannot
 * hand them to users.
 */
export async function roleTree(services: AppServices, ctx: RequestContext, requestedTenant?: unknown): Promise<TreeNode[]> {
  const model = services.model('system/role');
  const rows = await inTreeTenant(ctx, treeTenant(ctx, requestedTenant), (c) => services.resources.list(model, ALL_ROWS, c, {}));
  if (hasAdminRole(ctx)) return buildForest(model, rows);
  const hidden = new Set(rows.filter((r) => ADMIN_ALIASES.has(String(r.roleAlias))).map((r) => String(r.id)));
  const shown = rows.filter((r) => !hidden.has(String(r.id)));
  // A role under a hidden one must not name it.
  for (const r of shown) if (hidden.has(String(r.parentId))) r.parentName = '';
  return buildForest(model, shown);
}

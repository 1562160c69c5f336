import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { hasAdminRole } from '../../engine/request-context.js';

const ADMIN_ALIASES = new Set(['admin', 'administrator']);

/**
 * The role trees (`role/tree`, `role/tree-by-id`: endpoints with viewHooks). As BladeX,
 * callers holding no admin role do not see the admin roles, so they cannot hand them to
 * users; a role under a hidden one does not name it.
 */
export const roleTreeView: ResourceHooks = {
  async viewRecords({ ctx, records }) {
    if (hasAdminRole(ctx)) return records;
    const hidden = new Set(records.filter((r) => ADMIN_ALIASES.has(String(r.roleAlias))).map((r) => String(r.id)));
    const shown = records.filter((r) => !hidden.has(String(r.id)));
    for (const r of shown) if (hidden.has(String(r.parentId))) r.parentName = '';
    return shown;
  },
};

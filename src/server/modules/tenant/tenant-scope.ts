import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { RowScope } from '../../engine/access-policy.js';
import { isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';
import { equalTo } from './tenant-records.js';

/**
 * Rows of `system/tenant` a caller may read: all for the platform administrator, else
 * only the caller's own tenant row (BladeX limits tenant lists outside 000000 the same way).
 * Registered as the tenant entity's read scope (a hook), so the engine applies it to every read.
 */
export function tenantRowScope(model: EntityModel, ctx: RequestContext): RowScope {
  if (isPlatformAdmin(ctx)) return undefined;
  return [[equalTo(model, 'tenantId', ctx.tenantId)]];
}

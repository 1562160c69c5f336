import type { EndpointModel, EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';
import { idList, storedIds } from '../../engine/ids.js';
import { acrossTenants } from '../../db/tenant-scope.js';
import type { Params } from '../../http/request-params.js';

const ALL_ROWS: EndpointModel = { action: 'tree', kind: 'list', method: 'GET', where: [], params: {}, searchable: false };
const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/** The tenant a tree is read from: the caller's own, unless the platform administrator names another. */
export function treeTenant(ctx: RequestContext, requested: unknown): string {
  return isPlatformAdmin(ctx) && typeof requested === 'string' && TENANT_ID.test(requested) ? requested : ctx.tenantId;
}

/** Every row of a tenant's role or department tree, read through the engine so the access policy applies. */
export function tenantRows(services: AppServices, opts: { model: EntityModel; ctx: RequestContext; tenantId: string }): Promise<EntityRecord[]> {
  const read = () => services.resources.list(opts.model, ALL_ROWS, { ...opts.ctx, tenantId: opts.tenantId }, {});
  // treeTenant lets only the platform administrator name another tenant.
  return opts.tenantId === opts.ctx.tenantId ? read() : acrossTenants(read);
}

/**
 * BladeX `select`: the rows named by `<idParam>` (comma-joined), or with `userId` those
 * in the user's `<userField>`. User and rows are looked up in the caller's tenant only.
 */
export async function selectLinked(services: AppServices, opts: { model: EntityModel; ctx: RequestContext; query: Params; idParam: string; userField: string }): Promise<EntityRecord[]> {
  const { model, ctx, query } = opts;
  const userId = idList(query.userId, 'userId')[0];
  let ids = idList(query[opts.idParam], opts.idParam);
  if (userId) {
    const user = await services.resources.rowsOf(ctx).find(services.model('system/user'), userId);
    ids = storedIds(user?.[opts.userField]);
  }
  return services.resources.rowsOf(ctx).whereIn(model, ids);
}

import { isPlatformAdmin, type RequestContext } from './request-context.js';
import { acrossTenants } from '../db/tenant-scope.js';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/** The tenant a tree is read from: the caller's own, unless the platform administrator names another. */
export function treeTenant(ctx: RequestContext, requested: unknown): string {
  return isPlatformAdmin(ctx) && typeof requested === 'string' && TENANT_ID.test(requested) ? requested : ctx.tenantId;
}

/**
 * Reads `read` as the caller would in `tenantId` (`treeTenant` lets only the platform
 * administrator name another tenant than its own, which is then read across tenants).
 */
export function inTreeTenant<T>(ctx: RequestContext, tenantId: string, read: (ctx: RequestContext) => Promise<T>): Promise<T> {
  const inTenant = () => read({ ...ctx, tenantId });
  return tenantId === ctx.tenantId ? inTenant() : acrossTenants(inTenant);
}

import { forbidden } from '../../../shared/errors.js';
import type { RequestContext } from '../../engine/request-context.js';

/** The management tenant: never expires, cannot be removed, its administrator runs the platform. */
export const MANAGEMENT_TENANT = '000000';

/** Role `administrator` in the management tenant, or the platform itself (seed, sign-in). */
export function isPlatformAdmin(ctx: RequestContext): boolean {
  if (ctx.isSystem) return true;
  return ctx.tenantId === MANAGEMENT_TENANT && (ctx.roleAliases ?? []).includes('administrator');
}

/** Refuses with 403, never 401: a 401 signs the console out. */
export function requirePlatformAdmin(ctx: RequestContext): void {
  if (!isPlatformAdmin(ctx)) {
    throw forbidden('tenant.forbidden');
  }
}

import { forbidden } from '../../../shared/errors.js';
import { hasAdminRole, isAdministrator, type RequestContext } from '../../engine/request-context.js';

/** The platform's own tenant: sees every menu and has no package. */
export const PLATFORM_TENANT = '000000';

/** Role `administrator` in the platform tenant: may look into other tenants and gets every menu. */
export function isPlatformAdmin(ctx: RequestContext): boolean {
  return isAdministrator(ctx) && ctx.tenantId === PLATFORM_TENANT;
}

/** Grants hand out permissions, so they need an administrator role as BladeX's role and top-menu controllers do. */
export function requireAdminRole(ctx: RequestContext): void {
  if (!hasAdminRole(ctx)) throw forbidden('menu.adminOnly');
}

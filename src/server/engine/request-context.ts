import { forbidden } from '../../shared/errors.js';
import type { RequestContext } from '../http/caller-context.js';

/** The caller as http/ reads it from the token; the engine and the modules import it from here. */
export type { RequestContext };

/** The platform's own tenant: never expires, cannot be removed, sees every menu and has no package. */
export const PLATFORM_TENANT = '000000';

/** Role `administrator` bypasses button, data-scope and API-scope checks (reference §6.5). */
export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.isSystem === true || (ctx.roleAliases ?? []).includes('administrator');
}

/** Whether the caller holds one of `roles` (role aliases); an empty list asks for none. The system caller holds every role. */
export function holdsOneRole(ctx: RequestContext, roles: readonly string[]): boolean {
  return roles.length === 0 || ctx.isSystem === true || roles.some((role) => (ctx.roleAliases ?? []).includes(role));
}

/** BladeX's `HAS_ROLE_ADMIN`: the administrator or a tenant's admin role. */
export function hasAdminRole(ctx: RequestContext): boolean {
  return isAdministrator(ctx) || (ctx.roleAliases ?? []).includes('admin');
}

/**
 * The platform administrator: role `administrator` in the platform tenant, or the
 * platform itself (seed, sign-in lookups, tenant provisioning) in any tenant. May look
 * into other tenants, reaches every menu and passes every access check.
 */
export function isPlatformAdmin(ctx: RequestContext): boolean {
  return ctx.isSystem === true || (ctx.tenantId === PLATFORM_TENANT && (ctx.roleAliases ?? []).includes('administrator'));
}

/** Grants hand out permissions, so they need an administrator role as BladeX's role and top-menu controllers do. */
export function requireAdminRole(ctx: RequestContext): void {
  if (!hasAdminRole(ctx)) throw forbidden('common.adminOnly');
}

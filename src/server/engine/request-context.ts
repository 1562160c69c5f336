import { forbidden } from '../../shared/errors.js';
import type { Lang } from '../../shared/schema/entity-model.js';
import type { ReadAhead } from './list-reader/read-ahead.js';

/** The platform's own tenant: never expires, cannot be removed, sees every menu and has no package. */
export const PLATFORM_TENANT = '000000';

/** Who is asking: always taken from the verified token, never from the request body. */
export interface RequestContext {
  tenantId: string;
  userId: string;
  /** First department of the caller ("0" when none). */
  deptId: string;
  lang: Lang;
  account?: string;
  roleIds?: string[];
  roleAliases?: string[];
  deptIds?: string[];
  /** The platform itself (seed, sign-in lookups): no access policy applies. */
  isSystem?: boolean;
  /** Table generations read with the request's token check (read-ahead.ts). */
  readAhead?: ReadAhead;
}

/** Role `administrator` bypasses button, data-scope and API-scope checks (reference §6.5). */
export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.isSystem === true || (ctx.roleAliases ?? []).includes('administrator');
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

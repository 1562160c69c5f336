import type { Lang } from '../../shared/schema/entity-model.js';

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
}

/** Role `administrator` bypasses button, data-scope and API-scope checks (reference §6.5). */
export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.isSystem === true || (ctx.roleAliases ?? []).includes('administrator');
}

/** BladeX's `HAS_ROLE_ADMIN`: the administrator or a tenant's admin role. */
export function hasAdminRole(ctx: RequestContext): boolean {
  return isAdministrator(ctx) || (ctx.roleAliases ?? []).includes('admin');
}

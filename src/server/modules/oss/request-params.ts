import type { FastifyRequest } from 'fastify';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';

/** Parameters from the query string, a form body or a JSON body (the query wins), as BladeX's @RequestParam reads them. */
export function paramsOf(request: FastifyRequest): Record<string, string | undefined> {
  const body = typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) ? (request.body as Record<string, unknown>) : {};
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries({ ...body, ...(request.query as Record<string, unknown>) })) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}

/** BladeX's `HAS_ROLE_ADMIN`: the administrator or a tenant's admin role. */
export function hasAdminRole(ctx: RequestContext): boolean {
  return isAdministrator(ctx) || (ctx.roleAliases ?? []).includes('admin');
}

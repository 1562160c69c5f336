import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { withTenant } from '../db/tenant-scope.js';

/**
 * Every route handler that runs for an authenticated caller runs in the caller's tenant
 * scope (db/tenant-scope.ts): under row-level security, any query it issues — through the
 * engine, `services.system` or raw SQL — reaches that tenant's rows only. Hooks before the
 * handler (the authentication and access policy themselves) and open routes act as the
 * platform. Registered before any route, so every route is wrapped.
 */
export function scopeHandlersToCaller(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scopedHandler(request, reply) {
      const user = request.user;
      return user ? withTenant(user.tenantId, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });
}

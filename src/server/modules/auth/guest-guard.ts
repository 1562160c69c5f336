import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../shared/errors.js';
import { isGuest } from './session-user.js';

/** All a guest token opens (paths without the /api prefix): who am I, register, leave. */
export const GUEST_ROUTES: ReadonlySet<string> = new Set([
  '/blade-auth/oauth/user-info',
  '/blade-auth/oauth/logout',
  '/blade-user/register-guest',
]);

/**
 * A guest token (third-party visitor without an account) is refused everywhere else
 * with 403 — not 401, which would sign the console out before it can show the
 * registration dialog. Runs right after authentication, before any handler or guard.
 */
export function registerGuestGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise for the requests it lets through.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isGuest(request.user)) return done();
    const route = (request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '');
    done(GUEST_ROUTES.has(route) ? undefined : forbidden('auth.guestOnly'));
  });
}

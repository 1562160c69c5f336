import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import { tokensOf } from './token-registry.js';
import { ok } from '../../http/envelope.js';
import { clientErrorContext, recordClientErrors } from '../log/index.js';
import { checkClient } from './client-check.js';
import type { Grant } from './grants/grant.js';
import { passwordGrant } from './grants/password-grant.js';
import { refreshGrant } from './grants/refresh-grant.js';
import { registerGuestGuard } from './guest-guard.js';
import { SessionIssuer } from './session-issuer.js';
import { isGuest } from './session-user.js';
import { extensionGrants, guestAvatarOf } from './sign-in-extensions.js';
import { rateLimitOf } from '../../http/rate-limits.js';
import { grantParams, tokenBody, tokenError } from './token-body.js';
import type { AppModule } from '../module.js';

/** The token endpoint (every grant), user-info, logout and clear-cache (spec §7 Auth). */
export const registerTokenRoutes: AppModule = (app, services) => {
  const issuer = new SessionIssuer(services);
  const password = passwordGrant(services, issuer);
  const grants: Record<string, Grant> = {
    password,
    captcha: password,
    refresh_token: refreshGrant(services, issuer),
  };
  registerGuestGuard(app);

  /** A guest has no user row: its name and picture come from the third-party row. */
  const avatarOf = async (request: FastifyRequest) => {
    const caller = request.user!;
    if (isGuest(caller)) return guestAvatarOf(services, { tenantId: caller.tenantId, oauthId: caller.oauthId ?? '' });
    return String((await issuer.directory.findById(caller.tenantId, caller.userId))?.avatar ?? '');
  };

  return (routes) => {
    // The other modules' grants (sms_code, social) are registered by now: every setup runs before any routes.
    for (const { name, grant } of extensionGrants(services)) grants[name] ??= grant(issuer);
    const schema = { tags: ['auth'] };
    routes.post('/blade-auth/oauth/token', { config: { open: true }, onRequest: rateLimitOf(routes, 'signIn'), schema }, async (request, reply) => {
      const client = await checkClient(services, request).catch((error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      });
      if (client instanceof AppError) return tokenError(request, reply, client);
      const params = grantParams(request);
      const name = params.grant_type ?? params.grantType ?? 'password';
      if (!Object.hasOwn(grants, name)) return tokenError(request, reply, 'auth.grantUnknown');
      return grants[name]({ request, reply, client, params });
    });

    routes.get('/blade-auth/oauth/user-info', { schema }, async (request) => {
      const caller = request.user!;
      const user = isGuest(caller) ? undefined : await issuer.directory.findById(caller.tenantId, caller.userId);
      const { access_token: _a, refresh_token: _r, ...info } = tokenBody(caller, { accessToken: '', refreshToken: '', expiresIn: 0 }, await avatarOf(request));
      return ok({ ...info, real_name: user?.realName ?? '', email: user?.email ?? '', phone: user?.phone ?? '' });
    });

    const logout = async (request: FastifyRequest) => {
      recordClientErrors(services, clientErrorContext(request), request.body);
      await tokensOf(services).endSession(request.user!.sid);
      return ok({});
    };
    routes.get('/blade-auth/oauth/logout', { schema }, logout);
    routes.post('/blade-auth/oauth/logout', { schema }, logout);

    // Derived data is cached under table generations and drops by itself on every write: nothing to clear.
    routes.get('/blade-auth/oauth/clear-cache', { schema }, async () => ok({}));
  };
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import { tenantRefusal } from '../auth/tenant-license.js';
import { paramsOf } from '../user/request-params.js';
import { GuestRegistration, type GuestForm } from './guest-registration.js';
import type { SocialSignIn } from './social-sign-in.js';

const firstOf = (value: unknown) => String((Array.isArray(value) ? value[0] : value) ?? '').trim();

/** The tenant of an anonymous start: ?tenantId=, else the Tenant-Id header, else 000000. */
function tenantOf(request: FastifyRequest): string {
  return firstOf((request.query as Record<string, unknown>).tenantId) || firstOf(request.headers['tenant-id']) || '000000';
}

/** render (start of the third-party sign-in), register-guest (approve is the user schema's x-actions `approve`). */
export function registerSocialRoutes(app: FastifyInstance, opts: { services: AppServices; social: SocialSignIn }): void {
  const { services, social } = opts;
  const registration = new GuestRegistration({ services, accounts: social.accounts });

  app.get('/blade-auth/oauth/render/:source', { config: { open: true }, schema: { tags: ['auth'], summary: 'Third-party sign-in: redirect to the provider' } }, async (request, reply) => {
    const source = social.sourceOf((request.params as { source?: string }).source);
    const tenantId = tenantOf(request);
    const refusal = await tenantRefusal(services, tenantId);
    if (refusal) throw new AppError(refusal);
    const fallbackRedirect = `${request.protocol}://${request.host}/oauth/redirect/${source}`;
    return reply.redirect(await social.authorizationUrl({ tenantId, source, fallbackRedirect }));
  });

  app.post('/blade-user/register-guest', { schema: { tags: ['system/user'], summary: 'Guest registration after a third-party sign-in (tenantId, name, account, password, oauthId)' } }, async (request) => {
    await registration.register(request.user!, paramsOf(request) as GuestForm);
    return ok({}, 'social.registered');
  });
}

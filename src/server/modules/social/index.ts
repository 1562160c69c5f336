import { registerGrant, registerGuestAvatar } from '../auth/sign-in-extensions.js';
import { registerSocialClientHooks } from './social-client-hooks.js';
import { socialGrant } from './social-grant.js';
import { registerSocialRoutes } from './social-routes.js';
import { SocialSignIn } from './social-sign-in.js';
import type { AppModule } from '../module.js';

/**
 * Third-party sign-in (github, gitee, wechat, qq): per-tenant clients
 * (blade_social_client, engine CRUD), the start of the authorization-code flow, guest
 * registration and its approval, and the token endpoint's `social` grant (registered with auth).
 */
export const registerSocialModule: AppModule = (_app, services) => {
  registerSocialClientHooks(services);
  const social = new SocialSignIn(services);
  registerGrant(services, { name: 'social', grant: (issuer) => socialGrant(services, { issuer, social }) });
  registerGuestAvatar(services, async (tenantId, oauthId) => String((await social.accounts.find(tenantId, oauthId))?.avatar ?? ''));
  return (routes) => registerSocialRoutes(routes, { services, social });
};

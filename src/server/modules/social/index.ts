import { registerSocialClientHooks } from './social-client-hooks.js';
import { registerSocialRoutes } from './social-routes.js';
import { SocialSignIn } from './social-sign-in.js';
import type { AppModule } from '../module.js';

/**
 * Third-party sign-in (github, gitee, wechat, qq): per-tenant clients
 * (blade_social_client, engine CRUD), the start of the authorization-code flow, guest
 * registration and its approval. The `social` grant itself is the auth module's.
 */
export const registerSocialModule: AppModule = (_app, services) => {
  registerSocialClientHooks(services);
  const social = new SocialSignIn(services);
  return (routes) => registerSocialRoutes(routes, { services, social });
};

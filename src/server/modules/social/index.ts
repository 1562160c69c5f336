import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { registerSocialClientHooks } from './social-client-hooks.js';
import { registerSocialRoutes } from './social-routes.js';
import { SocialSignIn } from './social-sign-in.js';

/**
 * Third-party sign-in (github, gitee, wechat, qq): per-tenant clients
 * (blade_social_client, engine CRUD), the start of the authorization-code flow, guest
 * registration and its approval. The `social` grant itself is the auth module's.
 */
export function registerSocialModule(app: FastifyInstance, services: AppServices): void {
  registerSocialClientHooks(services);
  registerSocialRoutes(app, { services, social: new SocialSignIn(services) });
}

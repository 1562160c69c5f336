import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { ProfileService } from './profile-service.js';
import { paramsOf } from './request-params.js';
import { serve } from './serve-route.js';
import type { UserDeps } from './user-deps.js';

/** The caller's own password (info and update-info are the schema's: detail and submit with keyFrom; so is demo-accounts). */
export function registerAccountRoutes(app: FastifyInstance, deps: UserDeps): void {
  const profile = new ProfileService(deps);

  serve(app, { method: 'POST', action: 'update-password', summary: 'Users: the caller changes their password (md5 inputs)', handler: async (request) => {
    await profile.updatePassword(contextOf(request), paramsOf(request));
    return ok({});
  } });
}

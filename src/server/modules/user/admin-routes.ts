import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { PlatformService } from './platform-service.js';
import { idParam, paramsOf } from './request-params.js';
import { serve } from './serve-route.js';
import type { UserDeps } from './user-deps.js';

/**
 * The read of the administrator's platform form (x-actions `platform` starts from it:
 * form.initial.url). Grant, update-platform, approve, reset-password and unlock are the
 * schema's x-actions (user-actions.ts).
 */
export function registerAdminRoutes(app: FastifyInstance, deps: UserDeps): void {
  const platform = new PlatformService(deps);

  serve(app, { method: 'GET', action: 'platform-detail', summary: 'Users: one user with the userExt of its platform', handler: async (request) => {
    return ok(await platform.detail(contextOf(request), idParam(paramsOf(request), 'id')));
  } });
}

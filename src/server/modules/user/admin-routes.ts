import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { PlatformService } from './platform-service.js';
import { idParam, idsParam, paramsOf, textParam } from './request-params.js';
import { serve } from './serve-route.js';
import { UserAdminService } from './user-admin-service.js';
import type { UserDeps } from './user-deps.js';

/**
 * The administrator's tools: roles (the schema's 角色配置 action, run kind route: its form is
 * the schema's, this route serves it), platform extension (password reset and unlock are the
 * schema's x-actions, see user-actions.ts).
 */
export function registerAdminRoutes(app: FastifyInstance, deps: UserDeps): void {
  const admin = new UserAdminService(deps);
  const platform = new PlatformService(deps);

  serve(app, { method: 'POST', action: 'grant', summary: 'Users: overwrite the roles of userIds with roleIds', handler: async (request) => {
    const params = paramsOf(request);
    await admin.grant(contextOf(request), idsParam(params, 'userIds'), idsParam(params, 'roleIds'));
    return ok({});
  } });

  serve(app, { method: 'GET', action: 'platform-detail', summary: 'Users: one user with the userExt of its platform', handler: async (request) => {
    return ok(await platform.detail(contextOf(request), idParam(paramsOf(request), 'id')));
  } });

  serve(app, { method: 'POST', action: 'update-platform', summary: 'Users: set userExt of userId on platform userType (1 web, 2 app, 3 other)', handler: async (request) => {
    const params = paramsOf(request);
    await platform.update(contextOf(request), { userId: idParam(params, 'userId'), userType: textParam(params, 'userType'), userExt: params.userExt });
    return ok({});
  } });
}

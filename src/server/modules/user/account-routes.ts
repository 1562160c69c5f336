import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { demoAccountList } from './demo-account-list.js';
import { ProfileService } from './profile-service.js';
import { paramsOf, type Params } from './request-params.js';
import { serve } from './serve-route.js';
import type { UserDeps } from './user-deps.js';

const bodyOf = (body: unknown): Params => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {});

/** The caller's own account (add/edit are the schema's submit and update; the page with the department filter is x-list.sideTree). */
export function registerAccountRoutes(app: FastifyInstance, deps: UserDeps): void {
  const profile = new ProfileService(deps);

  serve(app, { method: 'GET', action: 'info', summary: 'Users: the caller', handler: async (request) =>
    ok(await profile.info(contextOf(request))) });

  serve(app, { method: 'GET', action: 'demo-accounts', summary: 'Users: the demo accounts (hr, manager, boss) of the caller\'s tenant that exist', handler: async (request) =>
    ok(await demoAccountList(deps, contextOf(request))) });

  serve(app, { method: 'POST', action: 'update-info', summary: 'Users: the caller changes their own profile', handler: async (request) => {
    await profile.updateInfo(contextOf(request), bodyOf(request.body));
    return ok({});
  } });

  serve(app, { method: 'POST', action: 'update-password', summary: 'Users: the caller changes their password (md5 inputs)', handler: async (request) => {
    await profile.updatePassword(contextOf(request), paramsOf(request));
    return ok({});
  } });
}

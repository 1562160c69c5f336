import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { demoAccountList } from './demo-account-list.js';
import { ProfileService } from './profile-service.js';
import { paramsOf, type Params } from './request-params.js';
import { serve } from './serve-route.js';
import type { UserDeps } from './user-deps.js';

const bodyOf = (body: unknown): Params => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {});

/** Add/edit and the caller's own account (the page with the department filter is the engine's: x-list.sideTree). */
export function registerAccountRoutes(app: FastifyInstance, deps: UserDeps): void {
  const { services, model } = deps;
  const profile = new ProfileService(deps);

  serve(app, { method: 'POST', action: 'submit', summary: 'Users: add (no id) or edit; the password only counts on add', handler: async (request) =>
    ok(await services.resources.submit(model, contextOf(request), request.body)) });

  serve(app, { method: 'POST', action: 'update', summary: 'Users: edit (id required; the password is ignored)', handler: async (request) => {
    if (isEmpty(bodyOf(request.body).id)) throw badRequest('request.paramMissing', { name: 'id' });
    return ok(await services.resources.submit(model, contextOf(request), request.body));
  } });

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

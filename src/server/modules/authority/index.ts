import type { FastifyInstance } from 'fastify';
import { andThen, settle } from '../../../shared/maybe-promise.js';
import type { AppServices } from '../../app-services.js';
import { checkApiScope } from './api-scope-guard.js';
import { authorityPolicy } from './authority-policy.js';
import { readStoredRolesAhead, useStoredRoles } from './stored-roles.js';

/**
 * Server-side enforcement of what roles may do: the engine's access policy (buttons,
 * data scopes) and the API-scope guard on every authenticated route. Registered before
 * any route so the guard covers all of them; first it swaps the token's roles for the
 * stored ones, so every later check (here and in modules) reads the database's roles.
 */
export function registerAuthority(app: FastifyInstance, services: AppServices): void {
  services.setPolicy(authorityPolicy(services));
  readStoredRolesAhead(services);
  // A callback hook: a caller whose roles and scopes are cached passes without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    settle(() => andThen(useStoredRoles(services, request), () => checkApiScope(services, request)), done);
  });
}

import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import type { MaybePromise } from '../../../shared/maybe-promise.js';
import { API_SCOPE_CATEGORY, allRules, scopeLinks } from './role-grants.js';

/**
 * API scopes (reference §6.3): a path covered by a scope rule may be called only by
 * roles granted one of the rules that cover it. Paths no rule covers stay open to any
 * signed-in caller; the administrator role bypasses.
 */
export function checkApiScope(services: AppServices, request: FastifyRequest): MaybePromise<void> {
  if (!request.user) return;
  const ctx = contextOf(request);
  if (isAdministrator(ctx)) return;
  return checkCoveringRules(services, request, ctx);
}

async function checkCoveringRules(services: AppServices, request: FastifyRequest, ctx: RequestContext): Promise<void> {
  const path = request.url.split('?')[0].replace(/^\/api(?=\/)/, '');
  const covering = (await allRules(services, 'system/api-scope')).filter((r) => r.scopePath && path.includes(String(r.scopePath)));
  if (covering.length === 0) return;
  const links = await scopeLinks(services, ctx.roleIds ?? [], API_SCOPE_CATEGORY);
  const granted = covering.some((rule) => [...links.values()].some((ids) => ids.has(String(rule.id))));
  if (!granted) throw forbidden('authority.apiForbidden');
}

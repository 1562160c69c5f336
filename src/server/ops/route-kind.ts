import type { FastifyReply, FastifyRequest } from 'fastify';
import { barePath, type ModelRegistry } from '../engine/model-registry.js';
import { routeUrlOf } from '../http/route-url.js';

/** A request's metric labels: what kind of route it reached and that route's pattern. */
export interface RouteKind {
  /** An engine endpoint kind (list, page, detail, submit, remove…), `action`, `module`, `probe`, `docs`, `console` or `unmatched`. */
  kind: string;
  /** The route pattern without /api (`/blade-system/user/list`, `/blade-system/menu/:id`), never the raw URL: label values stay bounded. */
  route: string;
}

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/blade-');

export function routeKindOf(request: FastifyRequest, reply: FastifyReply, registry: ModelRegistry): RouteKind {
  const url = routeUrlOf(request);
  if (!url) return reply.statusCode === 404 ? { kind: 'unmatched', route: '' } : { kind: 'console', route: 'static' };
  const route = barePath(url);
  // A module route declared on an engine path wins over the engine: only engine routes resolve.
  const target = request.routeOptions.config?.engine ? registry.resolve(request.method, url) : undefined;
  if (target) return { kind: target.action ? 'action' : target.endpoint.kind, route };
  if (request.routeOptions.config?.probe) return { kind: 'probe', route };
  if (url.startsWith('/api/docs')) return { kind: 'docs', route: '/docs' };
  return isApi(url) ? { kind: 'module', route } : { kind: 'console', route: 'static' };
}

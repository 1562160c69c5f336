import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ok } from '../http/envelope.js';
import '../http/route-url.js';
import { serveAction } from './action-handlers.js';
import type { ActionService } from './action-service.js';
import { endpointSummary, refusesCaller, serveEndpoint, type JsonKind } from './endpoint-handlers.js';
import type { EngineTarget, ModelRegistry } from './model-registry.js';
import type { ResourceService } from './resource-service.js';
import multipart from '@fastify/multipart';
import { WORKBOOK_MULTIPART } from '../excel/workbook-upload.js';
import { serveImport, serveWorkbook, type WorkbookEndpoints } from './workbook-endpoints.js';
import { isWorkbookKind, type EndpointModel } from '../../shared/schema/entity-model.js';

export interface EngineRouteOptions extends Record<string, unknown> {
  registry: ModelRegistry;
  resources: ResourceService;
  actions: ActionService;
  /** The workbook endpoints' implementation, once a module installed it (the job module). */
  workbooks: () => WorkbookEndpoints | undefined;
  /** What a GET that reaches no route gets (the console's files); default the 404 answer. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

function docsOf(target: EngineTarget): Record<string, unknown> {
  const { model } = target;
  if (target.action) return { tags: [model.key], summary: `${model.label.en}: ${target.action.label.en}` };
  return {
    tags: [model.key],
    summary: endpointSummary(model, target.endpoint),
    ...(target.endpoint.kind === 'submit' ? { body: model.recordSchema } : {}),
  };
}

/** The catch-all's path for this request with its mount prefix (`/api/*` → `/api/<rest>`). */
function catchAllPath(request: FastifyRequest): string {
  const prefix = (request.routeOptions.url ?? '/*').slice(0, -'/*'.length);
  return `${prefix}/${(request.params as Record<string, string>)['*'] ?? ''}`;
}

/**
 * Every entity endpoint and `x-actions` entry, dispatched through the live model registry
 * so a model installed at run time answers at once. The models known at start get declared
 * routes (they carry the API docs); the rest reach the engine through a catch-all, which
 * loses to every declared route (hand-written module routes win). Mounted under /api and bare.
 */
export async function engineRoutes(scope: FastifyInstance, opts: EngineRouteOptions): Promise<void> {
  const { registry } = opts;
  // Not async functions: an endpoint's answer is one promise, its handler's.
  const answer = (target: EngineTarget, request: FastifyRequest, reply: FastifyReply) => {
    const { endpoint } = target;
    const refusal = endpoint && refusesCaller({ service: opts.resources, model: target.model, endpoint, request });
    if (refusal) return Promise.reject(refusal);
    if (endpoint && isWorkbookKind(endpoint.kind)) return serveWorkbook({ workbooks: opts.workbooks(), model: target.model, endpoint, request, reply });
    if (endpoint?.kind === 'import') return serveImport({ workbooks: opts.workbooks(), model: target.model, request }).then(({ data, msg }) => ok(data, msg));
    if (endpoint) return serveEndpoint({ service: opts.resources, model: target.model, endpoint: endpoint as EndpointModel & { kind: JsonKind }, request }).then((data) => ok(data));
    return serveAction({ service: opts.actions, model: target.model, action: target.action, request }).then(({ data, msg }) => ok(data, msg));
  };

  // Multipart parsing only where uploads are taken: the import endpoints get a scope of their own.
  const importRoutes: RouteOptions[] = [];
  for (const route of registry.routes()) {
    const target = registry.resolve(route.method, route.path)!;
    (target.endpoint?.kind === 'import' ? (r: RouteOptions) => importRoutes.push(r) : (r: RouteOptions) => scope.route(r))({
      method: route.method,
      url: route.path,
      // A download a link opens carries its token in the query.
      config: { engine: true, ...(target.endpoint && isWorkbookKind(target.endpoint.kind) ? { tokenInQuery: true } : {}), ...(target.endpoint?.open ? { open: true } : {}) },
      schema: docsOf(target),
      handler: (request, reply) => {
        // A model replaced at run time may no longer serve this path.
        const current = registry.resolve(route.method, route.path);
        if (current) return answer(current, request, reply);
        reply.callNotFound();
        return undefined;
      },
    });
  }
  if (importRoutes.length) {
    await scope.register(async (uploads) => {
      await uploads.register(multipart, { limits: WORKBOOK_MULTIPART });
      for (const route of importRoutes) uploads.route(route);
    });
  }

  scope.route({
    method: ['GET', 'POST'],
    url: '/*',
    config: {
      engine: true,
      routeUrl: (request) => {
        const path = catchAllPath(request);
        return registry.resolve(request.method, path) ? path : undefined;
      },
    },
    schema: { hide: true },
    handler: async (request, reply) => {
      const target = registry.resolve(request.method, catchAllPath(request));
      if (target) return answer(target, request, reply);
      if (opts.fallback && request.method !== 'POST') return opts.fallback(request, reply);
      return reply.callNotFound();
    },
  });
}

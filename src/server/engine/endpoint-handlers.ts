import type { FastifyRequest } from 'fastify';
import type { EndpointKind, EndpointModel, EntityModel, WorkbookKind } from '../../shared/schema/entity-model.js';
import { badRequest, forbidden } from '../../shared/errors.js';
import { holdsOneRole, PLATFORM_TENANT, type RequestContext } from './request-context.js';
import { isEmpty } from '../../shared/is-empty.js';
import { contextOf } from '../http/authenticate.js';
import type { ResourceService } from './resource-service.js';

type Query = Record<string, unknown>;

/** One request of one of a model's endpoints. */
interface EndpointCall {
  service: ResourceService;
  model: EntityModel;
  endpoint: EndpointModel;
  request: FastifyRequest;
}

type Handler = (call: EndpointCall) => Promise<unknown>;

const query = (request: FastifyRequest) => (request.query ?? {}) as Query;

/** `ids` from the query string, a form body or a JSON body. */
function idsOf(request: FastifyRequest): unknown {
  const body = (request.body ?? {}) as Query;
  return query(request).ids ?? body.ids ?? query(request).id ?? body.id;
}

/** A keyRequired submit (BladeX update) refuses a body without the key before anything else. */
async function submitOf({ service, model, endpoint, request }: EndpointCall): Promise<unknown> {
  if (endpoint.keyRequired) {
    const body = request.body;
    const key = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Query)[model.primaryKey] : undefined;
    if (isEmpty(key)) throw badRequest('request.paramMissing', { name: model.primaryKey });
  }
  return service.submit({ model, ctx: contextOf(request), body: request.body });
}

/** The read of the call: its model, endpoint, caller and query. */
const readOf = ({ model, endpoint, request }: EndpointCall) => ({ model, endpoint, ctx: contextOf(request), query: query(request) });

/** Who an open endpoint reads as: the platform, across tenants (it answers declared fields only). */
const visitorContext = (lang: RequestContext['lang']): RequestContext => ({ tenantId: PLATFORM_TENANT, userId: '0', deptId: '0', lang, isSystem: true });

/** The kinds answered here as JSON (the workbook kinds answer downloads and `import` takes an upload: workbook-endpoints.ts). */
export type JsonKind = Exclude<EndpointKind, WorkbookKind | 'import'>;

/** One handler per JSON kind; a missing kind fails to compile. */
const handlers: Record<JsonKind, Handler> = {
  page: (c) => c.service.page(readOf(c)),
  list: (c) => {
    const rows = c.service.list(readOf(c));
    const field = c.endpoint.values;
    return field ? rows.then((records) => records.map((record) => (isEmpty(record[field]) ? '' : String(record[field])))) : rows;
  },
  tree: (c) => c.service.tree(readOf(c)),
  subtree: (c) => c.service.subtree(readOf(c)),
  'lazy-tree': (c) => c.service.lazyTree(readOf(c)),
  'lazy-list': (c) => c.service.lazyList(readOf(c)),
  'tenant-tree': (c) => c.service.tenantTree(readOf(c)),
  select: (c) => (c.endpoint.linked ? c.service.linkedSelect(readOf(c)) : c.service.list(readOf(c))),
  detail: (c) => {
    const { service, model, endpoint, request } = c;
    if (endpoint.keyFrom) return service.ownRow({ model, endpoint, ctx: contextOf(request) });
    return endpoint.via ? service.detailVia(readOf(c)) : service.detail(readOf(c));
  },
  submit: (c) => (c.endpoint.keyFrom ? c.service.updateOwn({ model: c.model, endpoint: c.endpoint, ctx: contextOf(c.request), body: c.request.body }).then(() => ({})) : submitOf(c)),
  'linked-keys': (c) => c.service.linkedKeys(readOf(c)),
  forests: (c) => c.service.forests(readOf(c)),
  lookup: ({ service, model, endpoint, request }) =>
    service.lookup({ model, endpoint, ctx: endpoint.open ? visitorContext(request.lang) : contextOf(request), query: query(request) }),
  remove: async ({ service, model, request }) => {
    await service.remove({ model, ctx: contextOf(request), ids: idsOf(request) });
    return {};
  },
};

/** Answers one of the model's endpoints (the envelope's data). */
export function serveEndpoint(call: EndpointCall & { endpoint: { kind: JsonKind } }): Promise<unknown> {
  return handlers[call.endpoint.kind](call);
}

/**
 * Refuses the caller before anything is read: a module's guard of the endpoint (its own 403
 * text), then `roles` (403 authority.forbidden when the caller holds none of them).
 */
export function refusesCaller(opts: { service: ResourceService; model: EntityModel; endpoint: EndpointModel; request: FastifyRequest }): unknown {
  const { service, model, endpoint, request } = opts;
  const guard = service.guardOf(model, endpoint);
  if (!guard && !endpoint.roles) return undefined;
  const ctx = contextOf(request);
  try {
    guard?.(ctx);
  } catch (error) {
    return error;
  }
  return endpoint.roles && !holdsOneRole(ctx, endpoint.roles) ? forbidden('authority.forbidden') : undefined;
}

export function endpointSummary(model: EntityModel, endpoint: EndpointModel): string {
  return `${model.label.en}: ${endpoint.action} (${endpoint.kind})`;
}

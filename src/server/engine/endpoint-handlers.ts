import type { FastifyRequest } from 'fastify';
import type { EndpointKind, EndpointModel, EntityModel, WorkbookKind } from '../../shared/schema/entity-model.js';
import { badRequest, forbidden } from '../../shared/errors.js';
import { holdsOneRole, PLATFORM_TENANT, type RequestContext } from './request-context.js';
import { isEmpty } from '../../shared/is-empty.js';
import { contextOf } from '../http/authenticate.js';
import type { ResourceService } from './resource-service.js';

type Query = Record<string, unknown>;
type Handler = (service: ResourceService, model: EntityModel, endpoint: EndpointModel, request: FastifyRequest) => Promise<unknown>;

const query = (request: FastifyRequest) => (request.query ?? {}) as Query;

/** `ids` from the query string, a form body or a JSON body. */
function idsOf(request: FastifyRequest): unknown {
  const body = (request.body ?? {}) as Query;
  return query(request).ids ?? body.ids ?? query(request).id ?? body.id;
}

/** A keyRequired submit (BladeX update) refuses a body without the key before anything else. */
async function submitOf(service: ResourceService, model: EntityModel, endpoint: EndpointModel, request: FastifyRequest): Promise<unknown> {
  if (endpoint.keyRequired) {
    const body = request.body;
    const key = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Query)[model.primaryKey] : undefined;
    if (isEmpty(key)) throw badRequest('request.paramMissing', { name: model.primaryKey });
  }
  return service.submit(model, contextOf(request), request.body);
}

/** Who an open endpoint reads as: the platform, across tenants (it answers declared fields only). */
const visitorContext = (lang: RequestContext['lang']): RequestContext => ({ tenantId: PLATFORM_TENANT, userId: '0', deptId: '0', lang, isSystem: true });

/** The kinds answered here as JSON (the workbook kinds answer downloads and `import` takes an upload: workbook-endpoints.ts). */
export type JsonKind = Exclude<EndpointKind, WorkbookKind | 'import'>;

/** One handler per JSON kind; a missing kind fails to compile. */
const handlers: Record<JsonKind, Handler> = {
  page: (s, m, e, r) => s.page(m, e, contextOf(r), query(r)),
  list: (s, m, e, r) => {
    const rows = s.list(m, e, contextOf(r), query(r));
    return e.values ? rows.then((records) => records.map((record) => (isEmpty(record[e.values!]) ? '' : String(record[e.values!])))) : rows;
  },
  tree: (s, m, e, r) => s.tree(m, e, contextOf(r), query(r)),
  subtree: (s, m, e, r) => s.subtree(m, e, contextOf(r), query(r)),
  'lazy-tree': (s, m, e, r) => s.lazyTree(m, e, contextOf(r), query(r)),
  'lazy-list': (s, m, e, r) => s.lazyList(m, contextOf(r), query(r), { where: e.where, action: e.action }),
  'tenant-tree': (s, m, e, r) => s.tenantTree(m, e, contextOf(r), query(r)),
  select: (s, m, e, r) => (e.linked ? s.linkedSelect(m, e, contextOf(r), query(r)) : s.list(m, e, contextOf(r), query(r))),
  detail: (s, m, e, r) => {
    if (e.keyFrom) return s.ownRow(m, e, contextOf(r));
    return e.via ? s.detailVia(m, e, contextOf(r), query(r)) : s.detail(m, contextOf(r), query(r), e);
  },
  submit: (s, m, e, r) => (e.keyFrom ? s.updateOwn(m, e, contextOf(r), r.body).then(() => ({})) : submitOf(s, m, e, r)),
  'linked-keys': (s, m, e, r) => s.linkedKeys(m, e, contextOf(r), query(r)),
  forests: (s, m, e, r) => s.forests(m, e, contextOf(r), query(r)),
  lookup: (s, m, e, r) => s.lookup(m, e, e.open ? visitorContext(r.lang) : contextOf(r), query(r)),
  remove: async (s, m, _e, r) => {
    await s.remove(m, contextOf(r), idsOf(r));
    return {};
  },
};

/** Answers one of the model's endpoints (the envelope's data). */
export function serveEndpoint(service: ResourceService, model: EntityModel, endpoint: EndpointModel & { kind: JsonKind }, request: FastifyRequest): Promise<unknown> {
  return handlers[endpoint.kind](service, model, endpoint, request);
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

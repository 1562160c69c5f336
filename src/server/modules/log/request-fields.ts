import type { FastifyRequest } from 'fastify';
import type { EntityRecord } from '../../engine/record-codec.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { paramsText } from './mask-params.js';
import type { ServerIdentity } from './server-identity.js';

const TENANT_ID = /^[0-9A-Za-z]{1,12}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The tenant a signed-out request names: Tenant-Id header or tenantId parameter (the tenant a sign-in is for). */
function namedTenant(request: FastifyRequest): string | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
  const named = first(request.headers['tenant-id']) ?? query.tenantId ?? body.tenantId;
  return typeof named === 'string' && TENANT_ID.test(named) ? named : undefined;
}

/**
 * The tenant a log row belongs to: the caller's from the verified token; for a call
 * without one, the tenant it names, else the platform tenant.
 */
export function logTenant(request: FastifyRequest): string {
  return request.user?.tenantId ?? namedTenant(request) ?? PLATFORM_TENANT;
}

/** Columns every log row takes from the request it records. */
export function requestFields(request: FastifyRequest, server: ServerIdentity): EntityRecord {
  return {
    ...server,
    tenantId: logTenant(request),
    method: request.method,
    requestUri: request.url.split('?')[0],
    userAgent: first(request.headers['user-agent']) ?? '',
    remoteIp: request.ip,
    createBy: request.user?.account ?? '',
    params: paramsText({ query: request.query, body: request.body, contentType: first(request.headers['content-type']) }),
  };
}

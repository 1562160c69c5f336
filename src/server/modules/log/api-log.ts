import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityRecord } from '../../engine/record-codec.js';
import { routeUrlOf } from '../../http/route-url.js';
import './fastify-config.js';
import { requestFields } from './request-fields.js';
import { routeLabel, type EngineLookup, type RouteLabel } from './route-labels.js';
import type { ServerIdentity } from './server-identity.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** BladeX paths, with the /api prefix or bare; the API docs are not calls to log. */
const isApiPath = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/blade-');

/**
 * Whether a finished request gets an API log: a matched API route that writes, or a read
 * its schema (or route config) marks; `config.apiLog: false` opts a route out.
 */
export function wantsApiLog(request: FastifyRequest, label: RouteLabel): boolean {
  const url = routeUrlOf(request);
  if (!url || !isApiPath(url) || request.routeOptions.config?.apiLog === false) return false;
  return WRITES.has(request.method) || label.marked;
}

export interface ApiLogInput {
  request: FastifyRequest;
  reply: FastifyReply;
  labels: EngineLookup;
  server: ServerIdentity;
}

/** The blade_log_api record of a finished request, or undefined when it is not logged. */
export function apiLogRecord({ request, reply, labels, server }: ApiLogInput): EntityRecord | undefined {
  const label = routeLabel(labels, request);
  if (!wantsApiLog(request, label)) return undefined;
  return {
    ...requestFields(request, server),
    type: '1',
    title: label.title,
    methodClass: label.methodClass,
    methodName: label.methodName,
    time: Math.round(reply.elapsedTime),
  };
}

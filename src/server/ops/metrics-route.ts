import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { PROBE_ROUTE } from './health-routes.js';
import type { AppMetrics } from './metrics.js';

export interface MetricsRouteOptions extends Record<string, unknown> {
  metrics: AppMetrics;
  /** METRICS_TOKEN: other addresses must send `Authorization: Bearer <token>`. */
  token?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Straight from this machine: a loopback socket and no proxy in between (a local reverse proxy forwards everyone). */
function isLocal(request: FastifyRequest): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const sent = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  return token !== undefined && sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** GET /metrics (Prometheus text format): to loopback without a token, to other addresses with METRICS_TOKEN. */
export async function metricsRoutes(scope: FastifyInstance, opts: MetricsRouteOptions): Promise<void> {
  scope.get('/metrics', { ...PROBE_ROUTE, schema: { tags: ['operations'], summary: 'Prometheus metrics (loopback, or Bearer METRICS_TOKEN)' } }, async (request, reply) => {
    if (!isLocal(request) && !hasToken(request, opts.token)) throw new AppError('ops.metricsForbidden', undefined, 403);
    const { contentType, body } = await opts.metrics.scrape();
    return reply.type(contentType).send(body);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ReadinessReport } from './readiness.js';

export interface HealthRouteOptions extends Record<string, unknown> {
  readiness: () => Promise<ReadinessReport>;
}

/** Probes are open, never API-logged, logged by Fastify only at warn, and answer even under load (see overload.ts). */
export const PROBE_ROUTE = { logLevel: 'warn', config: { open: true, apiLog: false, probe: true } } as const;

/**
 * Liveness (the process answers: restart it when not) and readiness (send it traffic:
 * 503 while the database or Redis is unreachable or the process is overloaded).
 */
export async function healthRoutes(scope: FastifyInstance, opts: HealthRouteOptions): Promise<void> {
  scope.get('/health/live', { ...PROBE_ROUTE, schema: { tags: ['operations'], summary: 'Liveness: the process answers' } }, async () => ({ status: 'live' }));
  scope.get('/health/ready', { ...PROBE_ROUTE, schema: { tags: ['operations'], summary: 'Readiness: database, Redis and load are fine' } }, async (_request, reply) => {
    const report = await opts.readiness();
    return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'unready', checks: report.checks });
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.js';
import { mountTwice } from '../http/mount-twice.js';
import { healthRoutes } from './health-routes.js';
import { createMetrics } from './metrics.js';
import { metricsRoutes } from './metrics-route.js';
import { registerOverloadProtection } from './overload.js';
import { readinessCheck } from './readiness.js';

/**
 * What an operator runs the server with: overload protection (first, so a refused request
 * costs nothing more), request metrics, and the open routes /health/live, /health/ready and
 * /metrics (each also under /api).
 */
export async function registerOperations(app: FastifyInstance, services: AppServices): Promise<void> {
  await registerOverloadProtection(app, services.config.overload);
  const metrics = createMetrics(services);
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    try {
      metrics.observe(request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'could not record the request metrics');
    }
    done();
  });
  const readiness = readinessCheck(services, () => app.isUnderPressure());
  await mountTwice(app, healthRoutes, { readiness });
  await mountTwice(app, metricsRoutes, { metrics, token: services.config.metricsToken });
}

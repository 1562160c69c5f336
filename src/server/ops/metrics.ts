import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppServices } from '../app-services.js';
import { jobQueueDepthOf } from './job-queue-depth.js';
import { routeKindOf } from './route-kind.js';

/** Process metrics (CPU, memory, event loop, GC) once per process: several apps in one process (tests) share them. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A cache's hits and misses since the start, read at scrape time. */
function lookupCounter(registry: Registry, name: string, help: string, lookups: { hits: number; misses: number }): void {
  new Counter({
    name,
    help,
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, lookups.hits);
      this.inc({ result: 'miss' }, lookups.misses);
    },
  });
}

export interface AppMetrics {
  /** Records a finished request under its route kind and pattern. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** The Prometheus text exposition and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * The app's Prometheus metrics: request rate and latency per route kind, database pool
 * use, list-total cache lookups, job queue depth; gauges are read at scrape time.
 */
export function createMetrics(services: AppServices): AppMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'HTTP requests by route kind and route pattern: latency in seconds (its _count is the request count)',
    labelNames: ['method', 'kind', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_db_pool_connections',
    help: 'Database connections: total open, idle, and callers waiting for one (embedded database: its one connection and the queries queued)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const usage = services.system.database.usage();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, usage[state]);
    },
  });
  lookupCounter(registry, 'atrium_list_total_cache_lookups_total', 'List totals asked of the count cache: served from it (hit) or counted (miss)', services.listStats.totals);
  lookupCounter(registry, 'atrium_list_row_cache_lookups_total', 'Rows of kept list pages: answered from the rows kept (hit) or read (miss)', services.listStats.rows);
  new Gauge({
    name: 'atrium_job_queue_depth',
    help: 'Background jobs per state (filled by the job runner through reportJobQueueDepth)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const read = jobQueueDepthOf(services);
      if (!read) return;
      this.reset();
      for (const [state, depth] of Object.entries(await read())) this.set({ state }, depth);
    },
  });

  return {
    observe(request, reply) {
      const { kind, route } = routeKindOf(request, reply, services.registry);
      requests.observe({ method: request.method, kind, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

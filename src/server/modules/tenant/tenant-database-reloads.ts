import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { BINDINGS_GENERATION, FENCE_ACKS } from '../../db/tenant-databases.js';
import { FENCE_ACK_TTL_SECONDS } from './tenant-move-fence.js';

/**
 * Several processes (REDIS_URL): each polls the bindings' generation, which a move bumps,
 * and re-reads where the tenants live when it moved (like schema-reloads.ts: a polled key
 * survives a Redis restart and a missed message alike).
 */
export function followTenantMoves(services: AppServices, log: FastifyBaseLogger, intervalMs: number): { start(): void; stop(): void } {
  let seen: string | undefined;
  const confirmed = new Set<string>();
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const generation = (await services.store.get(BINDINGS_GENERATION)) ?? '0';
      if (generation !== seen) {
        await services.tenantDatabases.load(services.system.database.ownerDb);
        // Tells the mover this process refuses the tenant's statements from now on (tenant-move-fence.ts).
        // Once its statements that began before the fence was read have ended (else again at the next check).
        let pending = false;
        for (const { tenantId, name } of services.tenantDatabases.fencesRead) {
          if (confirmed.has(name)) continue;
          if (!(await services.tenantDatabases.drained(tenantId, intervalMs))) { pending = true; continue; }
          await services.store.incr(`${FENCE_ACKS}:${name}`, FENCE_ACK_TTL_SECONDS);
          confirmed.add(name);
        }
        if (!pending) seen = generation;
      }
    } catch (error) {
      log.warn({ err: error }, 'reading the tenant database bindings failed; retrying');
    } finally {
      busy = false;
    }
  };
  return {
    start() {
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

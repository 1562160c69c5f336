import { sql } from 'kysely';
import type { AppServices } from '../app-services.js';

/** How long one dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 1000;
/** A result is reused this long, so a flood of probes costs one check. */
const REUSE_MS = 500;

export type CheckState = 'up' | 'down';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckState; store: CheckState | 'in-process'; load: 'ok' | 'overloaded' };
}

function withinTimeout(work: Promise<unknown>): Promise<CheckState> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
    timer.unref();
    work.then(() => resolve('up'), () => resolve('down')).finally(() => clearTimeout(timer));
  });
}

/**
 * Whether this process should receive traffic: the database answers `select 1`, Redis
 * (when configured) answers PING, and the process is not over its overload limits.
 * Concurrent and back-to-back probes share one check.
 */
export function readinessCheck(services: AppServices, isOverloaded: () => boolean): () => Promise<ReadinessReport> {
  let last: { at: number; report: Promise<ReadinessReport> } | undefined;
  // While the database hangs, a probe's `select 1` waits for a connection: at most one waits.
  let pendingSelect: Promise<unknown> | undefined;
  const probeDatabase = (): Promise<CheckState> => {
    if (pendingSelect) return Promise.resolve('down');
    const select = sql`select 1`.execute(services.system.database.db).finally(() => { pendingSelect = undefined; });
    pendingSelect = select;
    return withinTimeout(select);
  };
  const run = async (): Promise<ReadinessReport> => {
    const [database, store] = await Promise.all([
      probeDatabase(),
      services.config.redisUrl ? withinTimeout(services.store.ping()) : Promise.resolve('in-process' as const),
    ]);
    const load = isOverloaded() ? 'overloaded' : 'ok';
    return { ready: database === 'up' && store !== 'down' && load === 'ok', checks: { database, store, load } };
  };
  return () => {
    if (!last || Date.now() - last.at > REUSE_MS) last = { at: Date.now(), report: run() };
    return last.report;
  };
}

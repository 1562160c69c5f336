import { sql } from 'kysely';
import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { SERVER_PRESENCE_LOCK } from '../../db/database.js';
import { BINDINGS_GENERATION, FENCE_ACKS, FENCE_TABLE, fenceName } from '../../db/tenant-databases.js';

export const FENCE_ACK_TTL_SECONDS = 3600;

/** Advisory lock class of a tenant's move (the tenant is the second key): held by a move while it runs. */
const MOVE_LOCK = 7_160_017;

/**
 * Runs `work` holding the tenant's move lock (a session lock on a connection of its own,
 * let go by the database should the process die), or answers `whenHeld()` at once when a
 * move of that tenant runs anywhere: a fence with no lock holder was left by a crash.
 */
export async function underMoveLock<T>(services: AppServices, tenantId: string, work: () => Promise<T>, whenHeld: () => T | Promise<T>): Promise<T> {
  return services.system.database.ownerDb.connection().execute(async (conn) => {
    const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_lock(${MOVE_LOCK}, hashtext(${tenantId})) as free`.execute(conn);
    if (!rows[0].free) return whenHeld();
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MOVE_LOCK}, hashtext(${tenantId}))`.execute(conn);
    }
  });
}

/** Servers connected to the platform's database now (each holds its presence lock, database.ts). */
async function serversRunning(services: AppServices): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and granted and classid = 0 and objid = ${SERVER_PRESENCE_LOCK} and objsubid = 1
      and database = (select oid from pg_database where datname = current_database())`.execute(services.system.database.ownerDb);
  return rows[0].n;
}

/**
 * Before a tenant's rows are moved while servers run: every server must refuse the tenant's
 * statements until it has read where they ended up, or a write of a server that has not
 * yet seen the switch would land in the database the rows left. The fence is a row in
 * the platform's database, read by every process with the bindings (and lifted only after
 * the switch committed, so a process that reads it gone reads the new binding too); each
 * process confirms it in the shared store once its statements of the tenant that began
 * before it read the fence have ended, and the move starts once as many servers as hold
 * the presence lock have. Refused, fence lifted, when they do not within `timeoutMs`.
 */
export async function raiseFence(services: AppServices, tenantId: string, timeoutMs: number): Promise<void> {
  const owner = services.system.database.ownerDb;
  const { rows } = await sql<{ since: string }>`insert into ${sql.table(FENCE_TABLE)} (tenant_id) values (${tenantId})
    on conflict (tenant_id) do update set since = now() returning since::text as since`.execute(owner);
  await services.store.incr(BINDINGS_GENERATION);
  // This process's own statements of the tenant that were under way before it refused them.
  if (!(await services.tenantDatabases.drained(tenantId, timeoutMs))) {
    return refuse(services, tenantId, new AppError('tenant.movingBusy', { seconds: Math.round(timeoutMs / 1000) }, 503));
  }
  if (!services.config.redisUrl) return;
  const key = `${FENCE_ACKS}:${fenceName(tenantId, rows[0].since)}`;
  for (const until = Date.now() + timeoutMs; ;) {
    const confirmed = Number((await services.store.get(key)) ?? 0);
    const servers = await serversRunning(services);
    if (confirmed >= servers) return;
    if (Date.now() > until) return refuse(services, tenantId, new AppError('tenant.movingUnconfirmed', { confirmed, servers, seconds: Math.round(timeoutMs / 1000) }, 503));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function refuse(services: AppServices, tenantId: string, why: AppError): Promise<never> {
  await lowerFence(services, tenantId);
  throw why;
}

/** After the move (switched or not): the tenant's statements are served again, by each process once it has read the bindings. */
export async function lowerFence(services: AppServices, tenantId: string): Promise<void> {
  await sql`delete from ${sql.table(FENCE_TABLE)} where tenant_id = ${tenantId}`.execute(services.system.database.ownerDb);
  services.tenantDatabases.forgetFence(tenantId);
  await services.store.incr(BINDINGS_GENERATION);
}

export type FenceLift = { state: 'moving' } | { state: 'none' } | { state: 'lifted'; since: string };

/**
 * Lifts a fence a crashed online move left (the tenant answers 503 until then), unless a
 * move of the tenant is running: its fence is lifted when it ends. No rows move: a crashed
 * move either never switched (its transactions rolled back) or switched with its copy.
 */
export async function liftLeftFence(services: AppServices, tenantId: string): Promise<FenceLift> {
  return underMoveLock<FenceLift>(services, tenantId, async () => {
    const { rows } = await sql<{ since: string }>`select since::text as since from ${sql.table(FENCE_TABLE)} where tenant_id = ${tenantId}`
      .execute(services.system.database.ownerDb);
    if (!rows.length) return { state: 'none' };
    await lowerFence(services, tenantId);
    return { state: 'lifted', since: rows[0].since };
  }, () => ({ state: 'moving' }));
}

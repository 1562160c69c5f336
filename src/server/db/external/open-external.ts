import { Kysely, MysqlDialect, PostgresDialect, sql } from 'kysely';
import type { Db } from '../database.js';
import { guardPool, loadPg, pgTypes } from '../database.js';
import type { ConnectionSpec } from './connection-spec.js';
import { classifyConnectionError } from './connection-errors.js';

export interface ExternalDatabase {
  db: Db;
  driver: ConnectionSpec['driver'];
  close(): Promise<void>;
}

export interface PoolLimits {
  /** Most connections at once (default 4: a data source is an administration path, not a hot one). */
  max?: number;
  /** Milliseconds to wait for a connection before giving up (default 5000). */
  timeoutMs?: number;
}

/**
 * A Kysely handle on another database with a bounded pool. Rows come back as on our own
 * database: 64-bit integers and decimals as text, dates and times as 'yyyy-MM-dd HH:mm:ss'.
 */
export async function openExternal(spec: ConnectionSpec, limits: PoolLimits = {}): Promise<ExternalDatabase> {
  const max = limits.max ?? 4;
  const timeoutMs = limits.timeoutMs ?? 5000;
  if (spec.driver === 'mysql') {
    const { createPool } = await import('mysql2');
    const pool = createPool({
      host: spec.host, port: spec.port, user: spec.user, password: spec.password, database: spec.database,
      connectionLimit: max, maxIdle: max, idleTimeout: 60_000, connectTimeout: timeoutMs,
      supportBigNumbers: true, bigNumberStrings: true, dateStrings: true, charset: 'utf8mb4',
    });
    const db = new Kysely<any>({ dialect: new MysqlDialect({ pool }) });
    return { db, driver: 'mysql', close: () => db.destroy() };
  }
  const pg = await loadPg();
  const pool = new pg.Pool({
    host: spec.host, port: spec.port, user: spec.user, password: spec.password, database: spec.database,
    max, connectionTimeoutMillis: timeoutMs, idleTimeoutMillis: 60_000, types: pgTypes(pg),
  });
  guardPool(pool, 'external PostgreSQL');
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'postgresql', close: () => db.destroy() };
}

/** Runs `select 1` within the timeout; a failure becomes an ExternalDbError naming its cause. */
export async function checkReachable(external: ExternalDatabase, spec: ConnectionSpec, timeoutMs = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs + 500);
  });
  try {
    await Promise.race([sql`select 1`.execute(external.db), timeout]);
  } catch (error) {
    throw classifyConnectionError(error, spec, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens, checks and closes: the console's 测试连接. */
export async function testConnection(spec: ConnectionSpec, timeoutMs = 5000): Promise<void> {
  const external = await openExternal(spec, { max: 1, timeoutMs });
  try {
    await checkReachable(external, spec, timeoutMs);
  } finally {
    await external.close().catch(() => undefined);
  }
}

import type pgModule from 'pg';
import { isTooManyParameters } from './too-many-parameters.js';

/** Raised when no connection to the PostgreSQL server could be had; the HTTP layer answers 503 (`common.databaseUnavailable`). */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/* SQLSTATEs of a server shutting down or starting up (57P01-57P03) and of a broken connection (class 08),
   and the socket's own codes when the server's end went away mid-read (a terminated backend can surface as either). */
const SERVER_GOING = /^(57P0[123]|08...|ECONNRESET|EPIPE|ECONNREFUSED)$/;
/* pg's own words for a connection that ended under a query (these errors carry no code). */
const CONNECTION_ENDED = /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/** Whether a query failed because the database went away (stopped, restarting, connection cut), not because of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (isTooManyParameters(error)) return false;
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return SERVER_GOING.test(String(e?.code ?? '')) || CONNECTION_ENDED.test(String(e?.message ?? ''));
}

/**
 * Any failure to get a connection from `pool` (refused, timed out, the server starting up)
 * becomes DatabaseUnavailableError, so a request answers "database unavailable" rather
 * than a bare server error. Only the promise form (Kysely's) is wrapped.
 */
export function markConnectFailures(pool: pgModule.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback !== undefined) return connect(callback);
    return (connect() as Promise<pgModule.PoolClient>).catch((error: unknown) => { throw new DatabaseUnavailableError(error); });
  };
}

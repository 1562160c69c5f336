import { connectionsName, endWithin, loadPg } from './database.js';

/** Held exclusively by a server while it makes or changes its PostgreSQL tables and seeds them. */
export const START_LOCK = 7_160_018;

/**
 * Runs a server's start-up work on PostgreSQL (tables made or changed, the seed) under an
 * exclusive advisory lock, so processes started together take turns: the first makes what is
 * missing, the others find it made. Without it, two processes creating one table at once
 * fail on PostgreSQL's catalogue ("pg_type_typname_nsp_index"). A process that dies drops
 * its connection and with it the lock. PGlite (no URL): a data folder is one process's.
 */
export async function underStartLock<T>(databaseUrl: string | undefined, connectTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs, application_name: connectionsName() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1) as free', [START_LOCK]);
    if (!rows[0].free) {
      console.log('Waiting for another Atrium process to finish making the tables and the seed…');
      await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await endWithin(client);
  }
}

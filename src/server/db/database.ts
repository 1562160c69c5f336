import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type pgModule from 'pg';
import { markConnectFailures } from './database-unavailable.js';
import type { Db, PoolUsage } from './kysely-db.js';
import { attachDirectRunner } from './direct-statements.js';
import { pgDirectRunner } from './pg-direct-runner.js';
import { writePgliteLock } from './pglite-lock.js';
import { DEFAULT_TEMPLATE_CACHE, startFromTemplate } from './pglite-template.js';
import { QueuedPGliteDialect } from './pglite-queue.js';
import { RowSecurityPostgresDialect } from './row-security-dialect.js';
import { TenantRoutingDialect, type RouteTargets } from './tenant-router.js';

export type { Db, PoolUsage } from './kysely-db.js';

export interface Database {
  /** Queries of the running server (as `atrium_app`, scoped to the unit of work's tenant, with row security on). */
  db: Db;
  /**
   * The connecting user, who owns the tables: creating and altering them, policies, grants,
   * maintenance (analyze). Never for rows acting for a caller. The same as `db` without row security.
   */
  ownerDb: Db;
  /** Row-level security on tenant tables is in force (PostgreSQL with ROW_SECURITY on). */
  rowSecurity: boolean;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the pool's counts; PGlite: its one connection and the queries queued for it. */
  usage(): PoolUsage;
  close(): Promise<void>;
}

/* Ids (int8), numerics and timestamps come back as the server's text on both
   engines: ids stay exact, times stay in 'yyyy-MM-dd HH:mm:ss' without time-zone math. */
const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const DATE = 1082;
const asText = (value: string) => value;

/** The dialect of `db`: statements of tenants with a database of their own go there (tenant-router.ts). */
const routed = (dialect: Dialect, routes?: RouteTargets): Dialect => (routes ? new TenantRoutingDialect(dialect, routes) : dialect);

/** The name the server's connections carry (pg_stat_activity): `npm run tenant:move` refuses while one is connected. */
export const SERVER_APPLICATION_NAME = 'atrium';

/** Held (shared) by every running server on its PostgreSQL database; `npm run tenant:move` refuses while it cannot take it. */
export const SERVER_PRESENCE_LOCK = 7_160_016;

let applicationName = SERVER_APPLICATION_NAME;

/** A command that starts the app for itself (tenant:move) names its connections otherwise, to tell servers from itself. */
export function nameConnections(name: string): void {
  applicationName = name;
}

/** The application_name this process's PostgreSQL connections carry. */
export const connectionsName = (): string => applicationName;

async function openPglite(dataDir: string, sharedBuffersMb: number, templateCache: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  await startFromTemplate(join(dataDir, 'pglite'), templateCache);
  const parsers = { [INT8]: asText, [NUMERIC]: asText, [TIMESTAMP]: asText, [TIMESTAMPTZ]: asText, [DATE]: asText };
  // PGlite's 128 MB of shared buffers are resident from the start (≈ 140 MB of RSS);
  // the embedded, single-user database is served as well from 32.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
  const client = new PGlite(join(dataDir, 'pglite'), { parsers, extensions: { pg_trgm }, startParams });
  const dialect = new QueuedPGliteDialect(client);
  const db = new Kysely<any>({ dialect });
  const releaseLock = writePgliteLock(dataDir);
  const close = async () => {
    await db.destroy();
    await client.close().catch(() => undefined);
    releaseLock();
  };
  return { db, ownerDb: db, rowSecurity: false, kind: 'pglite', usage: () => dialect.usage(), close };
}

/** pg type parsers giving the same values as PGlite (shared with external PostgreSQL data sources). */
export function pgTypes(pg: typeof pgModule) {
  return { getTypeParser: (oid: number, format?: any) => [INT8, NUMERIC, TIMESTAMP, TIMESTAMPTZ, DATE].includes(oid) ? asText : pg.types.getTypeParser(oid, format) };
}

/** The PostgreSQL driver, loaded when a PostgreSQL database is opened (an embedded start never needs it). */
export async function loadPg(): Promise<typeof pgModule> {
  return (await import('pg')).default;
}

/**
 * A connection can end under us (server restart, network cut, database dropped). pg reports
 * it on the pool for an idle client and on the client itself for one checked out between
 * two queries (a transaction awaiting other work); unheard, the latter is an uncaught
 * exception that ends the process. Either way the client is dropped at its release and the
 * pool opens a new one on the next checkout.
 */
export function guardPool(pool: pgModule.Pool, label: string): void {
  // The pool's own event must be heard too (an unheard 'error' throws); the client's listener reports it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => { client.on('error', (error) => console.warn(`${label} client error: ${error.message}`)); });
}

/** Ends a client; one stuck behind a silent network would hold its caller, so it is let go after a second. */
export async function endWithin(client: pgModule.Client, ms = 1000): Promise<void> {
  await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}

/**
 * One connection a server holds for its lifetime with a shared advisory lock: a command that
 * must run with the servers stopped (tenant:move) tries the lock exclusively. A connection
 * cut (database restart) drops it; it is a guard against a forgotten server, not a fence.
 */
async function holdPresence(pg: typeof pgModule, url: string, connectTimeoutMs: number): Promise<pgModule.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: applicationName });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock_shared($1)', [SERVER_PRESENCE_LOCK]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

async function openPostgres(url: string, connectTimeoutMs: number, rowSecurity: boolean, routes: RouteTargets | undefined, applicationName: string): Promise<Database> {
  const pg = await loadPg();
  // Without a connect timeout a query waits for ever once the database host stops answering.
  const pool = new pg.Pool({ connectionString: url, max: 16, connectionTimeoutMillis: connectTimeoutMs, types: pgTypes(pg), application_name: applicationName });
  guardPool(pool, 'PostgreSQL');
  markConnectFailures(pool);
  const presence = applicationName === SERVER_APPLICATION_NAME ? await holdPresence(pg, url, connectTimeoutMs) : undefined;
  const endPresence = async () => {
    if (presence) await endWithin(presence);
  };
  const usage = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  if (!rowSecurity) {
    const db = new Kysely<any>({ dialect: routed(new PostgresDialect({ pool }), routes) });
    attachDirectRunner(db, pgDirectRunner({ pool, rowSecurity, routes }));
    if (!routes) return { db, ownerDb: db, rowSecurity, kind: 'postgres', usage, close: async () => { await db.destroy(); await endPresence(); } };
    // Same pool, unrouted: destroying both ends it twice, which pg refuses; the routed handle ends it.
    const ownerDb = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, ownerDb, rowSecurity, kind: 'postgres', usage, close: async () => { await db.destroy(); await endPresence(); } };
  }
  // With row security the request pool's sessions stay `atrium_app` between statements
  // (row-security-dialect.ts), so the owner (DDL, grants, maintenance) has a small pool of its own.
  const ownerPool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 10_000, connectionTimeoutMillis: connectTimeoutMs, types: pgTypes(pg), application_name: applicationName });
  guardPool(ownerPool, 'PostgreSQL (owner)');
  markConnectFailures(ownerPool);
  // Statements on their own (reads by key, a page's rows) skip Kysely's layers on a pool of
  // their own: what its sessions are set to is known only to its runner (pg-direct-runner.ts).
  const directPool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 10_000, connectionTimeoutMillis: connectTimeoutMs, types: pgTypes(pg), application_name: applicationName });
  guardPool(directPool, 'PostgreSQL (direct)');
  const db = new Kysely<any>({ dialect: routed(new RowSecurityPostgresDialect({ pool }), routes) });
  attachDirectRunner(db, pgDirectRunner({ pool: directPool, rowSecurity, routes }));
  const ownerDb = new Kysely<any>({ dialect: new PostgresDialect({ pool: ownerPool }) });
  const close = async () => { await Promise.all([db.destroy(), ownerDb.destroy(), directPool.end(), endPresence()]); };
  const usageOfBoth = () => ({
    total: pool.totalCount + directPool.totalCount, idle: pool.idleCount + directPool.idleCount, waiting: pool.waitingCount + directPool.waitingCount,
  });
  return { db, ownerDb, rowSecurity, kind: 'postgres', usage: usageOfBoth, close };
}

export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; databaseConnectTimeoutMs?: number; embeddedSharedBuffersMb?: number; embeddedTemplateCache?: string; rowSecurity?: boolean },
  /** PostgreSQL only: tenants in databases of their own need the platform's on PostgreSQL too. */
  routes?: RouteTargets,
): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.databaseConnectTimeoutMs ?? 5000, opts.rowSecurity ?? false, routes, applicationName)
    : openPglite(opts.dataDir, opts.embeddedSharedBuffersMb ?? 32, opts.embeddedTemplateCache ?? DEFAULT_TEMPLATE_CACHE);
}

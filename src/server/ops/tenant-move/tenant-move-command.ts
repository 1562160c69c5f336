import { sql } from 'kysely';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { nameConnections, SERVER_APPLICATION_NAME, SERVER_PRESENCE_LOCK, type Db } from '../../db/database.js';
import { MAIN } from '../../db/tenant-router.js';
import { moveTenantRows } from '../../modules/tenant/tenant-database-move.js';
import { liftFence } from './lift-fence.js';

/** Whether a server holds its presence lock (database.ts), tried in a transaction so that it is let go at once. */
async function serversRunning(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(${SERVER_PRESENCE_LOCK}) as free`.execute(trx);
    return !rows[0].free;
  });
}

export const TENANT_MOVE_USAGE = 'usage: npm run tenant:move -- <tenantId> <datasourceId | main> [--online]\n       npm run tenant:move -- <tenantId> --lift-fence';

/**
 * `npm run tenant:move -- <tenantId> <datasourceId|main>`: moves a tenant's rows into the
 * data source's database (PostgreSQL) or back to the platform's, verifying every table's
 * count before switching (db/tenant-move.ts). Refuses while a server runs on the
 * platform's database (its presence lock, database.ts), unless `--online` (then the copied tables are locked against writes
 * meanwhile, as the console's 数据源 binding does). Exit code: 0 moved (or already there),
 * 1 bad arguments or a failed move (nothing switched), 2 refused (servers running).
 * `<tenantId> --lift-fence`: see lift-fence.ts.
 */
export async function runTenantMove(args: string[], config: Readonly<Config>, print: (line: string) => void): Promise<number> {
  const online = args.includes('--online');
  const lift = args.includes('--lift-fence');
  const rest = args.filter((a) => a !== '--online' && a !== '--lift-fence');
  if (rest.length !== (lift ? 1 : 2) || (lift && online) || rest.some((a) => a.startsWith('--'))) {
    print(TENANT_MOVE_USAGE);
    return 1;
  }
  const [tenantId, to] = rest;
  if (!config.databaseUrl) {
    print('Tenants can have databases of their own only when the platform runs on PostgreSQL (DATABASE_URL).');
    return 1;
  }
  // Its own connections are not a server's: they take no presence lock.
  nameConnections('atrium-tenant-move');
  const { app, services } = await buildApp(config).finally(() => nameConnections(SERVER_APPLICATION_NAME));
  try {
    if (lift) return await liftFence(services, tenantId, config, print);
    if (!online && (await serversRunning(services.system.database.ownerDb))) {
      print("Refused: a server is running on the platform's database. Stop the servers, or move with --online.");
      return 2;
    }
    const from = services.tenantDatabases.bindingOf(tenantId) ?? MAIN;
    print(`Tenant ${tenantId}: ${from} → ${to}${online ? ' (online: copied tables locked against writes)' : ''}`);
    const report = await moveTenantRows(services, tenantId, to, online);
    if (report.from === report.to) {
      print('Already there: nothing to move.');
      return 0;
    }
    for (const t of report.tables) print(`  ${t.table}: ${t.rows} row(s) copied, count verified`);
    print(`Switched: tenant ${tenantId} now lives in ${to === MAIN ? "the platform's database" : `data source ${to}`}; the copy in ${from} was removed.`);
    return 0;
  } catch (error) {
    // An AppError's message is its English text.
    print(`Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await app.close();
  }
}

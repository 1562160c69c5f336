import { sql } from 'kysely';
import { IdGenerator } from '../../db/ids.js';
import { BATCHES, CREATE_BATCHES } from './import-batches.js';
import type { AppModule } from '../module.js';
import { exportHandler } from './export-job.js';
import { importHandler } from './import-job.js';
import { importStarter } from './import-starter.js';
import { JobFiles } from './job-files.js';
import { registerJobRoutes } from './job-routes.js';
import { JobRunner } from './job-runner.js';
import { JobStore } from './job-store.js';
import { syncWorkbooks } from './sync-workbooks.js';
import { createJobTables } from './job-tables.js';

/** Seconds a runner holds a job without writing progress before another process may take it. */
const LEASE_SECONDS = 30;
/** A job taken this many times (its process died each time) fails instead of running again. */
const MAX_ATTEMPTS = 3;

/**
 * Background jobs (issue 15): list exports and imports run in a jobs table of the platform's
 * database that every server process polls and claims from, so jobs are shared between
 * processes, survive restarts and are seen again after a page reload. Entities with an
 * import or export of their own register it (`registerImportKind`, job-kinds.ts).
 */
export const registerJobModule: AppModule = (app, services) => {
  const db = services.system.database.db;
  const files = new JobFiles(services.config.filesDir);
  const store = new JobStore({ db, ids: new IdGenerator(), leaseSeconds: LEASE_SECONDS });
  services.setWorkbooks(syncWorkbooks(services));
  const runner = new JobRunner({
    store,
    handlers: { export: exportHandler(services, files), import: importHandler(services, files) },
    // Imports are capped below it per tenant (import-starter.ts), so another tenant always finds a free slot.
    concurrency: 2,
    pollMs: 1000,
    heartbeatMs: (LEASE_SECONDS * 1000) / 3,
    retryPauseMs: 1000,
    maxAttempts: MAX_ATTEMPTS,
    movingTenants: () => services.tenantDatabases.movingTenants(),
    log: (error, job) => app.log.error({ err: error, jobId: job.id, kind: job.kind, model: job.modelKey }, 'job failed'),
  });
  // The queue is the platform's, for every tenant (a job's rows are read and written in its tenant's database).
  services.tenantDatabases.tables.addPlatformTables(['atrium_job', 'atrium_job_row_error']);
  // An import's last committed batch is kept with the tenant's rows (import-batches.ts).
  services.tenantDatabases.tables.addTenantTables([{ table: BATCHES, rows: 'tenant' }]);
  services.tenantDatabases.addInstaller(async (db) => { await sql.raw(CREATE_BATCHES).execute(db); });
  app.addHook('onReady', async () => {
    await createJobTables(services.system.database);
    runner.start();
  });
  // As a plugin: Fastify closes plugins last-loaded first, so running jobs stop (and go back
  // to the queue) before buildApp's plugin closes the database.
  app.register(async (instance) => {
    instance.addHook('onClose', () => runner.stop());
  });
  registerJobRoutes(app, { services, store, files, wake: () => runner.wake(), imports: importStarter(services, store, files) });
};

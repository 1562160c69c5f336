import { AppError, badRequest, notFound } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { BINDINGS_GENERATION } from '../../db/tenant-databases.js';
import { moveTenant, type MoveReport } from '../../db/tenant-move.js';
import { MAIN } from '../../db/tenant-router.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { findTenant } from './tenant-records.js';
import { lowerFence, raiseFence, underMoveLock } from './tenant-move-fence.js';

/**
 * Moves a tenant's rows to a data source's database (or back to `main`) and switches its
 * binding (db/tenant-move.ts), telling other processes. `online`: servers are running,
 * so every server first refuses the tenant's statements (tenant-move-fence.ts) and the
 * source tables are locked against writes while the rows are copied.
 */
export async function moveTenantRows(services: AppServices, tenantId: string, to: string, online: boolean): Promise<MoveReport> {
  const { tenantDatabases, system } = services;
  if (tenantId === PLATFORM_TENANT) throw badRequest('tenant.datasourceManagementTenant');
  if (system.database.kind !== 'postgres') throw badRequest('tenant.datasourceNeedsPostgres');
  if (!(await findTenant(services, tenantId))) throw notFound();
  // A data source that is missing or not PostgreSQL answers its 400 here, before anything moves.
  if (to !== MAIN) await tenantDatabases.resolve(to);
  const deps = {
    mainOwner: system.database.ownerDb,
    tenants: tenantDatabases,
    announce: async () => { await services.store.incr(BINDINGS_GENERATION); },
    lockSource: online,
  };
  try {
    // One move of a tenant at a time, across processes; the lock also tells a live fence from one a crash left (liftLeftFence).
    const report = await underMoveLock(services, tenantId, () => tenantDatabases.fenced(tenantId, async () => {
      // Online, every server refuses the tenant's statements (503) until it has read where its rows ended up.
      if (online) await raiseFence(services, tenantId, Math.max(5000, 5 * services.config.schemaReloadIntervalMs));
      try {
        return await moveTenant(deps, tenantId, to);
      } finally {
        // Offline too: a fence an interrupted online move left is lifted by the next move.
        await lowerFence(services, tenantId);
      }
    }), () => { throw new AppError('tenant.moveRunning', { tenantId }, 409); });
    // Cached totals carry the old database's snapshot, which says nothing of the new one's transactions: count anew.
    for (const t of tenantDatabases.tables.all()) await services.tableWritten(t.table);
    // The move wrote the tenant's row (its data source) in SQL of its own: kept tenant rows are read anew.
    await services.tableWritten('blade_tenant');
    return report;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('tenant.datasourceMoveFailed', { reason: (error as Error).message });
  }
}

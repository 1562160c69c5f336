import { notFound, badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { findTenant } from './tenant-records.js';
import { moveTenantRows } from './tenant-database-move.js';

/** The tenant's move to a data source (数据源配置, reference §4.1), free of HTTP. Callers are checked by the action's guard. */
export class TenantService {
  constructor(private readonly services: AppServices) {}

  private async tenantRowId(tenantId: string): Promise<string> {
    const tenant = await findTenant(this.services, tenantId);
    if (!tenant) throw notFound();
    return String(tenant.id);
  }

  /**
   * Places the tenant in the data source's database (PostgreSQL): its tables are created
   * there, its rows moved, counted and the binding switched (tenant-database-move.ts).
   * The servers keep running; writes to the moved tables wait meanwhile.
   */
  async setDatasource(_ctx: RequestContext, input: { tenantId: string; datasourceId: string }): Promise<void> {
    await this.tenantRowId(input.tenantId);
    const { config, system } = this.services;
    // Every server confirms a move's fence by following moves (tenant-database-reloads.ts); this one never would: refused at once, no fence raised.
    if (system.database.kind === 'postgres' && config.redisUrl && config.schemaReloadIntervalMs === 0) throw badRequest('tenant.movingNotFollowed');
    await moveTenantRows(this.services, input.tenantId, input.datasourceId, true);
  }
}

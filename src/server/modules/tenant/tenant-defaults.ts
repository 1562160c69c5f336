import { systemContext, type AppServices } from '../../app-services.js';
import { columnOf, type EntityRecord } from '../../engine/record-codec.js';
import { routeTo } from '../../db/tenant-scope.js';
import { unlessDuplicate } from '../../db/unique-violation.js';


/**
 * The default configuration of every tenant that never had one (removed rows count, so
 * an emptied list stays empty). Nodes starting together may race: the loser's duplicate is skipped.
 */
export async function seedDefaultConfigs(services: AppServices, modelKey: string, record: EntityRecord): Promise<void> {
  const tenants = services.model('system/tenant');
  const model = services.model(modelKey);
  const column = columnOf(tenants, 'tenantId');
  const rows = await services.system.repo.db.selectFrom(`${tenants.table} as t`).select(`t.${column} as tenant_id`)
    .where('t.is_deleted', '=', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom(`${model.table} as c`).select('c.id').whereRef('c.tenant_id', '=', `t.${column}`))))
    .execute();
  for (const row of rows) {
    const tenantId = String(row.tenant_id);
    // A tenant with a database of its own has its rows there, not in the platform's (the query above).
    if (services.tenantDatabases.bindingOf(tenantId) !== undefined) {
      const there = await routeTo(tenantId, () => services.system.repo.db.selectFrom(model.table).select('id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst());
      if (there) continue;
    }
    await unlessDuplicate(services.system.repo.insert(model, systemContext(String(row.tenant_id)), { ...record }));
  }
}

/** New tenants get the default configuration in the transaction that creates them. */
export function defaultConfigForNewTenants(services: AppServices, modelKey: string, record: EntityRecord): void {
  services.hooks.on('system/tenant', {
    async afterWrite({ repo, values, isInsert }) {
      if (isInsert && values.tenantId) await repo.insert(services.model(modelKey), systemContext(String(values.tenantId)), { ...record });
    },
  });
}

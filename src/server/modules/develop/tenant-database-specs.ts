import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ConnectionSpec } from '../../db/external/index.js';
import { BINDING_TABLE } from '../../db/tenant-databases.js';
import { resolvedOf } from './datasource-connections.js';
import { SecretBox } from './secret-box.js';

/** A data source holding tenants placed in a database of their own. */
export interface TenantDatabaseSpec {
  datasourceId: string;
  name: string;
  tenants: string[];
  spec: ConnectionSpec;
}

/**
 * The bound tenants' databases read straight from the platform's database, without a
 * running app (the `db:migrate` command): the bindings and their data source rows, the
 * password opened with the same key the server uses (DATASOURCE_KEY or DATA_DIR's key).
 */
export async function tenantDatabaseSpecs(ownerDb: Db, config: { datasourceKey?: string; dataDir: string }): Promise<TenantDatabaseSpec[]> {
  const { rows: present } = await sql<{ t: string | null }>`select to_regclass(${BINDING_TABLE})::text as t`.execute(ownerDb);
  if (!present[0]?.t) return [];
  const { rows } = await sql<{ id: string; name: string; driver_class: string; url: string; username: string | null; password: string | null; tenants: string[] }>`
    select d.id::text as id, d.name, d.driver_class, d.url, d.username, d.password, array_agg(b.tenant_id order by b.tenant_id) as tenants
    from ${sql.table(BINDING_TABLE)} b join blade_datasource d on d.id = b.datasource_id
    group by d.id, d.name, d.driver_class, d.url, d.username, d.password order by d.id`.execute(ownerDb);
  if (rows.length === 0) return [];
  const box = SecretBox.load(config);
  return rows.map((r) => {
    const resolved = resolvedOf(box, { id: r.id, name: r.name, driverClass: r.driver_class, url: r.url, username: r.username, password: r.password });
    if (!resolved.spec) throw new Error(`data source ${r.name} (${r.id}) holds tenants ${r.tenants.join(', ')} but is not PostgreSQL`);
    return { datasourceId: r.id, name: r.name, tenants: r.tenants, spec: resolved.spec };
  });
}

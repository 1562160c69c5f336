import { sql } from 'kysely';
import { AppError } from '../../shared/errors.js';
import { driverOf, parseConnectionUrl, type ConnectionSpec } from './external/index.js';
import type { Db } from './kysely-db.js';
import { SecretBox } from './secret-box.js';
import { BINDING_TABLE } from './tenant-databases.js';

/** A data source holding tenants placed in a database of their own. */
export interface TenantDatabaseSpec {
  datasourceId: string;
  name: string;
  tenants: string[];
  spec: ConnectionSpec;
}

interface BoundSource {
  id: string;
  name: string;
  driver_class: string;
  url: string;
  username: string | null;
  password: string | null;
  tenants: string[];
}

/** The source's password opened with the server's key (the develop module's data sources seal it). */
function passwordOf(box: SecretBox, source: BoundSource): string {
  try {
    return source.password ? box.open(source.password) : '';
  } catch {
    throw new AppError('develop.keyChanged', { name: source.name });
  }
}

/**
 * The bound tenants' databases read straight from the platform's database, without a
 * running app (the `db:migrate` command): the bindings and their data source rows, the
 * password opened with the same key the server uses (DATASOURCE_KEY or DATA_DIR's key).
 */
export async function tenantDatabaseSpecs(ownerDb: Db, config: { datasourceKey?: string; dataDir: string }): Promise<TenantDatabaseSpec[]> {
  const { rows: present } = await sql<{ t: string | null }>`select to_regclass(${BINDING_TABLE})::text as t`.execute(ownerDb);
  if (!present[0]?.t) return [];
  const { rows } = await sql<BoundSource>`
    select d.id::text as id, d.name, d.driver_class, d.url, d.username, d.password, array_agg(b.tenant_id order by b.tenant_id) as tenants
    from ${sql.table(BINDING_TABLE)} b join blade_datasource d on d.id = b.datasource_id
    group by d.id, d.name, d.driver_class, d.url, d.username, d.password order by d.id`.execute(ownerDb);
  if (rows.length === 0) return [];
  const box = SecretBox.load(config);
  return rows.map((r) => {
    const driver = driverOf(r.driver_class);
    if (driver === 'embedded') throw new Error(`data source ${r.name} (${r.id}) holds tenants ${r.tenants.join(', ')} but is not PostgreSQL`);
    return { datasourceId: r.id, name: r.name, tenants: r.tenants, spec: parseConnectionUrl(r.url, r.username || undefined, passwordOf(box, r), driver) };
  });
}

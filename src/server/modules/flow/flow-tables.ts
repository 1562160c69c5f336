import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { Database } from '../../db/database.js';
import { syncTenantPolicies, type TenantTable } from '../../db/row-security-ddl.js';

/*
 * The workflow's tables come from schemas/flow/*.json (the engine's table sync creates them,
 * before any module starts). What stays here is what a schema cannot say:
 * - the candidate table, whose primary key is two columns (task_id, group_alias);
 * - the leave form's table, whose audit columns are not null with defaults (the engine's are nullable);
 * - partial indexes (`where end_time is null` …) that the work lists and the running-instance
 *   checks read; the engine's indexes are whole-table;
 * - the tenant wiring: row security and which tables a tenant's own database keeps. The
 *   schemas declare tenant_id as a field (x-table.tenancy shared), because the engine's tenant
 *   column is text and theirs has been varchar(12) under policies (a type change would need
 *   the policies dropped), and because models and definitions carry a tenant yet stay in the
 *   platform's database (definitions of tenant '' are every tenant's to read);
 * - two upgrades of older databases (below).
 */
const TENANT_TABLES = [
  `create table if not exists blade_flow_task_candidate (task_id bigint not null, tenant_id varchar(12) not null, group_alias varchar(64) not null, primary key (task_id, group_alias))`,
  `create index if not exists ix_flow_candidate_group on blade_flow_task_candidate (tenant_id, group_alias, task_id)`,
  `create table if not exists blade_process_leave (
    id bigint primary key, tenant_id varchar(12) not null default '000000',
    process_definition_id varchar(160) not null, process_instance_id varchar(64) not null default '',
    start_time timestamp(0) not null, end_time timestamp(0) not null, reason varchar(1000) not null default '',
    task_user bigint not null, days integer not null default 0, apply_time timestamp(0) not null default localtimestamp(0),
    create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
    update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
    status integer not null default 1, is_deleted integer not null default 0)`,
  `create index if not exists ix_flow_instance_running on blade_flow_instance (tenant_id, id) where end_time is null`,
  `create index if not exists ix_flow_instance_definition on blade_flow_instance (definition_id) where end_time is null`,
  `create index if not exists ix_flow_task_todo on blade_flow_task (tenant_id, assignee_id, id) where end_time is null`,
  `create index if not exists ix_flow_task_done on blade_flow_task (tenant_id, assignee_id, end_time, id) where end_time is not null`,
];

const PLATFORM_TABLES = [
  `create index if not exists ix_flow_model_tenant on blade_flow_model (tenant_id, id) where is_deleted = 0`,
];

/** Indexes of the hand-written DDL that the schemas now declare under the engine's names: dropped once, so no table keeps both. */
const SUPERSEDED_INDEXES = ['uq_flow_definition_version', 'ix_flow_definition_deployment', 'ix_flow_instance_starter', 'ix_flow_task_instance', 'ix_flow_history_instance'];

/** Those with a tenant column, under row-level security; definitions of tenant '' are every tenant's to read. */
export const FLOW_TENANT_TABLES: TenantTable[] = ['blade_flow_model', { table: 'blade_flow_definition', sharedTenant: '' }, 'blade_flow_instance',
  'blade_flow_task', 'blade_flow_task_candidate', 'blade_flow_history', 'blade_process_leave', 'blade_flow_timer', 'blade_flow_copy'];

/**
 * History rows had no tenant column before row security covered them. The engine's sync adds
 * it to such a table with the platform tenant as default; that default marks the upgrade not
 * done yet: each row gets its instance's tenant (a row whose instance is gone gets '', no
 * tenant's), as the platform (the instances' policies may be forced on the owner already),
 * and the default goes. A table the engine created has the default too, and no rows.
 */
async function fillHistoryTenant(db: Database['ownerDb']): Promise<void> {
  const { rows } = await sql`select 1 from information_schema.columns where table_schema = current_schema()
    and table_name = 'blade_flow_history' and column_name = 'tenant_id' and column_default is not null`.execute(db);
  if (!rows.length) return;
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', '*', true)`.execute(trx);
    await sql.raw(`update blade_flow_history h set tenant_id = coalesce((select i.tenant_id from blade_flow_instance i where i.id = h.instance_id), '')`).execute(trx);
    await sql.raw('alter table blade_flow_history alter column tenant_id drop default').execute(trx);
  });
}

async function run(db: Database['ownerDb'], statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** What a tenant's own database needs beyond the tables of the tenant schemas. */
async function createTenantParts(db: Database['ownerDb']): Promise<void> {
  await run(db, TENANT_TABLES);
  await fillHistoryTenant(db);
  await run(db, SUPERSEDED_INDEXES.map((name) => `drop index if exists ${name}`));
}

export async function createFlowTables(database: Pick<Database, 'ownerDb' | 'kind' | 'rowSecurity'>): Promise<void> {
  await createTenantParts(database.ownerDb);
  await run(database.ownerDb, PLATFORM_TABLES);
  if (database.kind === 'postgres') await syncTenantPolicies(database.ownerDb, FLOW_TENANT_TABLES, database.rowSecurity);
}

/**
 * A tenant with a database of its own keeps its running processes there (instances, tasks,
 * candidates, history, leave forms: the engine creates the schemas' ones there too); process
 * designs (models, deployed definitions, some shared by every tenant) stay in the platform's database.
 */
export function registerFlowTenantTables(services: AppServices): void {
  const { tenantDatabases } = services;
  tenantDatabases.tables.addTenantTables([
    { table: 'blade_flow_instance', rows: 'tenant' }, { table: 'blade_flow_task', rows: 'tenant' },
    { table: 'blade_flow_task_candidate', rows: 'tenant' }, { table: 'blade_process_leave', rows: 'tenant' },
    { table: 'blade_flow_history', rows: 'tenant' }, { table: 'blade_flow_timer', rows: 'tenant' },
    { table: 'blade_flow_copy', rows: 'tenant' },
  ]);
  tenantDatabases.tables.addPlatformTables(['blade_flow_model', 'blade_flow_definition']);
  tenantDatabases.addInstaller((db) => createTenantParts(db));
}

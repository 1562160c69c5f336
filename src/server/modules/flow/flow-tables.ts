import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { Database } from '../../db/database.js';
import { syncTenantPolicies, type TenantTable } from '../../db/row-security-ddl.js';

/*
 * The workflow's own tables, like Flowable's ACT_* tables: engine-internal, no generic
 * CRUD screen, so they are created here with the indexes the work lists need (partial
 * indexes on open/finished tasks) rather than from entity schemas. Never dropped or altered.
 */
const TABLES = [
  `create table if not exists blade_flow_model (
    id bigint primary key, tenant_id varchar(12) not null default '000000', name varchar(255) not null,
    model_key varchar(255) not null, description varchar(4000) not null default '', model_editor_xml text not null default '',
    model_type integer not null default 0, version integer not null default 1,
    created timestamp(0) not null default localtimestamp(0), last_updated timestamp(0) not null default localtimestamp(0),
    created_by varchar(255) not null default '', last_updated_by varchar(255) not null default '', is_deleted integer not null default 0)`,
  `create index if not exists ix_flow_model_tenant on blade_flow_model (tenant_id, id) where is_deleted = 0`,
  `create table if not exists blade_flow_definition (
    id varchar(160) primary key, deployment_id bigint not null, tenant_id varchar(12) not null default '',
    process_key varchar(64) not null, name varchar(255) not null, description varchar(4000) not null default '',
    category varchar(64) not null default '', version integer not null, resource_name varchar(255) not null,
    xml text not null, meta text not null, suspension_state integer not null default 1,
    deployment_time timestamp(0) not null default localtimestamp(0), model_id bigint)`,
  `create unique index if not exists uq_flow_definition_version on blade_flow_definition (tenant_id, process_key, version)`,
  `create index if not exists ix_flow_definition_deployment on blade_flow_definition (deployment_id)`,
  `create table if not exists blade_flow_instance (
    id bigint primary key, tenant_id varchar(12) not null, definition_id varchar(160) not null,
    process_key varchar(64) not null, process_name varchar(255) not null, process_version integer not null,
    category varchar(64) not null default '', business_table varchar(64) not null default '', business_id varchar(64) not null default '',
    start_user_id bigint not null, start_user_name varchar(255) not null default '',
    start_time timestamp(0) not null default localtimestamp(0), end_time timestamp(0),
    state varchar(16) not null default 'running', delete_reason varchar(1000) not null default '',
    suspension_state integer not null default 1, current_activity_id varchar(255) not null default '', current_task_name varchar(255) not null default '',
    engine_state text not null default '', revision integer not null default 0)`,
  `create index if not exists ix_flow_instance_starter on blade_flow_instance (tenant_id, start_user_id, id)`,
  `create index if not exists ix_flow_instance_running on blade_flow_instance (tenant_id, id) where end_time is null`,
  `create index if not exists ix_flow_instance_definition on blade_flow_instance (definition_id) where end_time is null`,
  `create table if not exists blade_flow_task (
    id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null, definition_id varchar(160) not null,
    task_def_key varchar(255) not null, name varchar(255) not null default '', execution_id varchar(255) not null default '',
    assignee_id bigint, candidate_groups varchar(1000) not null default '',
    create_time timestamp(0) not null default localtimestamp(0), claim_time timestamp(0), end_time timestamp(0),
    comment varchar(2000) not null default '', flag varchar(16) not null default '', end_reason varchar(16) not null default '')`,
  `create index if not exists ix_flow_task_todo on blade_flow_task (tenant_id, assignee_id, id) where end_time is null`,
  `create index if not exists ix_flow_task_done on blade_flow_task (tenant_id, assignee_id, end_time, id) where end_time is not null`,
  `create index if not exists ix_flow_task_instance on blade_flow_task (instance_id, id)`,
  `create table if not exists blade_flow_task_candidate (task_id bigint not null, tenant_id varchar(12) not null, group_alias varchar(64) not null, primary key (task_id, group_alias))`,
  `create index if not exists ix_flow_candidate_group on blade_flow_task_candidate (tenant_id, group_alias, task_id)`,
  `create table if not exists blade_flow_history (
    id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null, activity_id varchar(255) not null, activity_name varchar(255) not null default '',
    activity_type varchar(64) not null, task_id bigint, assignee_id bigint,
    create_time timestamp(0) not null default localtimestamp(0), end_time timestamp(0),
    comment varchar(2000) not null default '', flag varchar(16) not null default '')`,
  `create index if not exists ix_flow_history_instance on blade_flow_history (instance_id, id)`,
  `create table if not exists blade_process_leave (
    id bigint primary key, tenant_id varchar(12) not null default '000000',
    process_definition_id varchar(160) not null, process_instance_id varchar(64) not null default '',
    start_time timestamp(0) not null, end_time timestamp(0) not null, reason varchar(1000) not null default '',
    task_user bigint not null, days integer not null default 0, apply_time timestamp(0) not null default localtimestamp(0),
    create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
    update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
    status integer not null default 1, is_deleted integer not null default 0)`,
];

/** Those with a tenant column, under row-level security; definitions of tenant '' are every tenant's to read. */
export const FLOW_TENANT_TABLES: TenantTable[] = ['blade_flow_model', { table: 'blade_flow_definition', sharedTenant: '' }, 'blade_flow_instance',
  'blade_flow_task', 'blade_flow_task_candidate', 'blade_flow_history', 'blade_process_leave'];

/**
 * History rows had no tenant column before row security covered them: a database from then
 * gets it, filled from each row's instance (as the platform: the instances' policies may be
 * forced on the owner already). A row whose instance is gone gets '' (no tenant's).
 */
async function addHistoryTenant(db: Database['ownerDb']): Promise<void> {
  const { rows } = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'blade_flow_history' and column_name = 'tenant_id'`.execute(db);
  if (rows.length) return;
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', '*', true)`.execute(trx);
    await sql.raw('alter table blade_flow_history add column if not exists tenant_id varchar(12)').execute(trx);
    await sql.raw(`update blade_flow_history h set tenant_id = coalesce((select i.tenant_id from blade_flow_instance i where i.id = h.instance_id), '')
      where h.tenant_id is null`).execute(trx);
    await sql.raw('alter table blade_flow_history alter column tenant_id set not null').execute(trx);
  });
}

export async function createFlowTables(database: Pick<Database, 'ownerDb' | 'kind' | 'rowSecurity'>): Promise<void> {
  for (const statement of TABLES) await sql.raw(statement).execute(database.ownerDb);
  await addHistoryTenant(database.ownerDb);
  if (database.kind === 'postgres') await syncTenantPolicies(database.ownerDb, FLOW_TENANT_TABLES, database.rowSecurity);
}

/**
 * A tenant with a database of its own keeps its running processes there (instances, tasks,
 * candidates, history, leave forms); process designs (models, deployed definitions, some
 * shared by every tenant) stay in the platform's database.
 */
export function registerFlowTenantTables(services: AppServices): void {
  const { tenantDatabases } = services;
  tenantDatabases.tables.addTenantTables([
    { table: 'blade_flow_instance', rows: 'tenant' }, { table: 'blade_flow_task', rows: 'tenant' },
    { table: 'blade_flow_task_candidate', rows: 'tenant' }, { table: 'blade_process_leave', rows: 'tenant' },
    { table: 'blade_flow_history', rows: 'tenant' },
  ]);
  tenantDatabases.tables.addPlatformTables(['blade_flow_model', 'blade_flow_definition']);
  tenantDatabases.addInstaller((db) => createFlowTables({ ownerDb: db, kind: 'postgres', rowSecurity: false }));
}

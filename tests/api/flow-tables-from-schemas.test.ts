import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectDrift } from '../../src/server/db/drift.js';
import { syncTables } from '../../src/server/db/sync-tables.js';
import { createTableSql } from '../../src/server/db/table-design.js';
import { createFlowTables } from '../../src/server/modules/flow/flow-tables.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The flow tables as the hand-written DDL created them before schemas/flow existed (a database of then). */
const HAND_DDL = [
  `create table blade_flow_model (id bigint primary key, tenant_id varchar(12) not null default '000000', name varchar(255) not null,
    model_key varchar(255) not null, description varchar(4000) not null default '', model_editor_xml text not null default '',
    model_type integer not null default 0, version integer not null default 1,
    created timestamp(0) not null default localtimestamp(0), last_updated timestamp(0) not null default localtimestamp(0),
    created_by varchar(255) not null default '', last_updated_by varchar(255) not null default '', is_deleted integer not null default 0)`,
  `create table blade_flow_definition (id varchar(160) primary key, deployment_id bigint not null, tenant_id varchar(12) not null default '',
    process_key varchar(64) not null, name varchar(255) not null, description varchar(4000) not null default '',
    category varchar(64) not null default '', version integer not null, resource_name varchar(255) not null,
    xml text not null, meta text not null, suspension_state integer not null default 1,
    deployment_time timestamp(0) not null default localtimestamp(0), model_id bigint)`,
  `create unique index uq_flow_definition_version on blade_flow_definition (tenant_id, process_key, version)`,
  `create index ix_flow_definition_deployment on blade_flow_definition (deployment_id)`,
  `create table blade_flow_instance (id bigint primary key, tenant_id varchar(12) not null, definition_id varchar(160) not null,
    process_key varchar(64) not null, process_name varchar(255) not null, process_version integer not null,
    category varchar(64) not null default '', business_table varchar(64) not null default '', business_id varchar(64) not null default '',
    start_user_id bigint not null, start_user_name varchar(255) not null default '',
    start_time timestamp(0) not null default localtimestamp(0), end_time timestamp(0),
    state varchar(16) not null default 'running', delete_reason varchar(1000) not null default '',
    suspension_state integer not null default 1, current_activity_id varchar(255) not null default '', current_task_name varchar(255) not null default '',
    engine_state text not null default '', revision integer not null default 0)`,
  `create index ix_flow_instance_starter on blade_flow_instance (tenant_id, start_user_id, id)`,
  `create table blade_flow_task (id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null, definition_id varchar(160) not null,
    task_def_key varchar(255) not null, name varchar(255) not null default '', execution_id varchar(255) not null default '',
    assignee_id bigint, candidate_groups varchar(1000) not null default '',
    create_time timestamp(0) not null default localtimestamp(0), claim_time timestamp(0), end_time timestamp(0),
    comment varchar(2000) not null default '', flag varchar(16) not null default '', end_reason varchar(16) not null default '')`,
  `create index ix_flow_task_instance on blade_flow_task (instance_id, id)`,
  `create table blade_flow_history (id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null, activity_id varchar(255) not null,
    activity_name varchar(255) not null default '', activity_type varchar(64) not null, task_id bigint, assignee_id bigint,
    create_time timestamp(0) not null default localtimestamp(0), end_time timestamp(0),
    comment varchar(2000) not null default '', flag varchar(16) not null default '')`,
  `create index ix_flow_history_instance on blade_flow_history (instance_id, id)`,
];

const FLOW_TABLES = ['blade_flow_model', 'blade_flow_definition', 'blade_flow_instance', 'blade_flow_task', 'blade_flow_history'];

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

const flowModels = () => t.services.models.filter((m) => m.module === 'flow');

async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`
    .execute(t.services.system.database.ownerDb);
  return rows.map((r) => r.indexname);
}

describe('the workflow tables come from schemas/flow', () => {
  it('declares models, definitions, instances, tasks, history, timers and copies as schema files, with the not null defaults the engine steps leave out', () => {
    expect(flowModels().map((m) => m.table).sort()).toEqual([...FLOW_TABLES, 'blade_flow_timer', 'blade_flow_copy'].sort());
    const history = createTableSql(t.services.model('flow/history')!);
    expect(history).toContain(`"comment" varchar(2000) not null default ''`);
    expect(history).toContain('"create_time" timestamp(0) not null default localtimestamp(0)');
    expect(createTableSql(t.services.model('flow/instance')!)).toContain(`"state" varchar(16) not null default 'running'`);
    expect(createTableSql(t.services.model('flow/definition')!)).toContain(`"tenant_id" varchar(12) not null default ''`);
  });

  it('starts with no difference between the flow schemas and their tables', () => {
    expect(t.services.drift.filter((d) => d.model.startsWith('flow/'))).toEqual([]);
  });

  it('takes a database the hand-written DDL made as it is: no drift, its rows kept, its old indexes replaced by the schemas\' ones', async () => {
    const db = t.services.system.database.ownerDb;
    await db.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', '*', true)`.execute(trx);
      for (const table of FLOW_TABLES) await sql.raw(`drop table ${table} cascade`).execute(trx);
      for (const statement of HAND_DDL) await sql.raw(statement).execute(trx);
      await sql.raw(`insert into blade_flow_model (id, name, model_key) values (1, 'Old', 'old')`).execute(trx);
    });
    // Only the indexes the schemas name the engine's way, and the columns added since (委派, 催办), are missing before a start; every other column fits.
    const before = await detectDrift(db, flowModels());
    expect(before.filter((d) => d.kind === 'column-missing').map((d) => d.column).sort()).toEqual(['delegation', 'owner_id', 'urge_time']);
    expect(before.filter((d) => d.kind !== 'index-missing' && d.kind !== 'column-missing')).toEqual([]);
    const database = t.services.system.database;
    await syncTables(db, flowModels(), () => {}, database.kind === 'postgres' ? database.rowSecurity : undefined);
    await createFlowTables(database);
    expect(await detectDrift(db, flowModels())).toEqual([]);
    expect(await indexesOf('blade_flow_definition')).toEqual(['blade_flow_definition_pkey', 'ix_blade_flow_definition_deployment_id', 'uq_blade_flow_definition_tenant_id_process_key_version']);
    expect(await indexesOf('blade_flow_task')).toEqual(['blade_flow_task_pkey', 'ix_blade_flow_task_instance_id_id', 'ix_flow_task_done', 'ix_flow_task_todo']);
    const { rows } = await sql<{ description: string; version: number }>`select description, version from blade_flow_model where id = 1`.execute(db);
    expect(rows).toEqual([{ description: '', version: 1 }]);
  });
});

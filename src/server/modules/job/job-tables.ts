import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { syncTenantPolicies } from '../../db/row-security-ddl.js';
import { syncParentPolicies, type ChildTable } from '../../db/row-security-parents.js';
import { BATCHES, CREATE_BATCHES } from './import-batches.js';

/*
 * The jobs' own tables (engine-internal, no CRUD screen), created like the workflow's.
 * A job row is claimed with FOR UPDATE SKIP LOCKED and held by a lease (`lease_until`)
 * its runner renews with every progress write; an import batch and its checkpoint
 * (`done`, `written`) commit in one transaction. Never dropped or altered.
 */
const TABLES = [
  `create table if not exists atrium_job (
    id bigint primary key, tenant_id varchar(12) not null, user_id bigint not null,
    kind varchar(16) not null, model_key varchar(128) not null, file_name varchar(255) not null default '',
    context text not null, params text not null default '{}',
    state varchar(16) not null default 'queued', done integer not null default 0, total integer,
    written integer not null default 0, failed integer not null default 0,
    error_key varchar(64) not null default '', error_params text not null default '{}',
    result_file varchar(255) not null default '', cancel_requested integer not null default 0,
    attempts integer not null default 0, runner varchar(200) not null default '', lease_until timestamptz,
    create_time timestamptz not null default now(), update_time timestamptz not null default now(), finish_time timestamptz)`,
  `create index if not exists ix_atrium_job_open on atrium_job (id) where state in ('queued', 'running')`,
  `create index if not exists ix_atrium_job_owner on atrium_job (tenant_id, user_id, id)`,
  `create table if not exists atrium_job_row_error (
    job_id bigint not null, row_no integer not null, cells text not null, reason text not null,
    primary key (job_id, row_no))`,
  CREATE_BATCHES,
];

/** A job's refused rows are its tenant's, through the job. */
export const JOB_CHILD_TABLES: ChildTable[] = [{ table: 'atrium_job_row_error', column: 'job_id', parent: 'atrium_job' }];

export async function createJobTables(database: Pick<Database, 'ownerDb' | 'kind' | 'rowSecurity'>): Promise<void> {
  for (const statement of TABLES) await sql.raw(statement).execute(database.ownerDb);
  if (database.kind === 'postgres') {
    await syncTenantPolicies(database.ownerDb, ['atrium_job', BATCHES], database.rowSecurity);
    await syncParentPolicies(database.ownerDb, JOB_CHILD_TABLES, database.rowSecurity);
  }
}

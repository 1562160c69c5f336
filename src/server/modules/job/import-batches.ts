import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The last committed batch of each import, kept with the tenant's rows (in its own database
 * when it has one): written in the batch's transaction, on the side that holds the rows.
 * The job's checkpoint (`atrium_job`) is in the platform's database; for a tenant with a
 * database of its own the two commit one after the other (rows first), so a crash between
 * them leaves this row ahead of the checkpoint, and the resumed job takes its counts and
 * refused rows from here instead of writing the batch again.
 */
export const BATCHES = 'atrium_job_batch';

export const CREATE_BATCHES = `create table if not exists ${BATCHES} (
  job_id bigint primary key, tenant_id varchar(12) not null, done integer not null, written integer not null,
  failed integer not null, refused text not null default '[]', update_time timestamptz not null default now())`;

export interface RefusedRow {
  row_no: number;
  cells: string;
  reason: string;
}

export interface BatchCounts {
  done: number;
  written: number;
  failed: number;
}

/** Records the batch being committed (in its transaction): the counts after it and the rows it refused. */
export async function recordBatch(db: Db, job: { id: string; tenantId: string }, counts: BatchCounts, refused: RefusedRow[]): Promise<void> {
  await sql`insert into ${sql.table(BATCHES)} (job_id, tenant_id, done, written, failed, refused)
    values (${job.id}, ${job.tenantId}, ${counts.done}, ${counts.written}, ${counts.failed}, ${JSON.stringify(refused)})
    on conflict (job_id) do update set done = excluded.done, written = excluded.written, failed = excluded.failed,
      refused = excluded.refused, update_time = now()`.execute(db);
}

/** The job's last committed batch when it is ahead of the checkpoint `done` (its checkpoint was lost), else undefined. */
export async function batchAhead(db: Db, jobId: string, done: number): Promise<(BatchCounts & { refused: RefusedRow[] }) | undefined> {
  const { rows } = await sql<{ done: number; written: number; failed: number; refused: string }>`
    select done, written, failed, refused from ${sql.table(BATCHES)} where job_id = ${jobId}`.execute(db);
  const row = rows[0];
  if (!row || row.done <= done) return undefined;
  return { done: row.done, written: row.written, failed: row.failed, refused: JSON.parse(row.refused) as RefusedRow[] };
}

/** The job wrote its last batch and its checkpoint: its record is no longer needed. */
export async function forgetBatches(db: Db, jobId: string): Promise<void> {
  await sql`delete from ${sql.table(BATCHES)} where job_id = ${jobId}`.execute(db);
}

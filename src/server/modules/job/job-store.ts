import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../db/ids.js';
import { isId } from '../../engine/ids.js';
import { hasAdminRole, type RequestContext } from '../../engine/request-context.js';

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobKind = 'export' | 'import';

/** A job as the store keeps it (the `context` is the starter's, taken from the verified token). */
export interface Job {
  id: string;
  tenantId: string;
  userId: string;
  kind: JobKind;
  modelKey: string;
  fileName: string;
  ctx: RequestContext;
  params: Record<string, unknown>;
  state: JobState;
  done: number;
  total: number | null;
  written: number;
  failed: number;
  errorKey: string;
  errorParams: Record<string, unknown>;
  resultFile: string;
  cancelRequested: boolean;
  attempts: number;
  createTime: string;
  finishTime: string | null;
}

/** Progress a runner writes; every write also renews its lease. */
export interface JobProgress {
  done: number;
  total?: number | null;
  written?: number;
  failed?: number;
}

const TABLE = 'atrium_job';
/** The first key of the advisory lock `createWithin` takes (the second is the tenant's hash). */
const OPEN_JOBS_LOCK = 7_150_029;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function toJob(row: Record<string, any>): Job {
  return {
    id: String(row.id), tenantId: row.tenant_id, userId: String(row.user_id), kind: row.kind, modelKey: row.model_key,
    fileName: row.file_name, ctx: JSON.parse(row.context), params: JSON.parse(row.params), state: row.state,
    done: row.done, total: row.total, written: row.written, failed: row.failed, errorKey: row.error_key,
    errorParams: JSON.parse(row.error_params), resultFile: row.result_file, cancelRequested: row.cancel_requested === 1,
    attempts: row.attempts, createTime: String(text(row.create_time)), finishTime: text(row.finish_time),
  };
}

/** A job to create (queued). */
export interface NewJob {
  id?: string;
  ctx: RequestContext;
  kind: JobKind;
  modelKey: string;
  fileName: string;
  params: Record<string, unknown>;
  total?: number;
}

function newRow(id: string, job: NewJob) {
  return {
    id, tenant_id: job.ctx.tenantId, user_id: job.ctx.userId, kind: job.kind, model_key: job.modelKey,
    file_name: job.fileName.slice(0, 255), context: JSON.stringify(job.ctx), params: JSON.stringify(job.params), total: job.total ?? null,
  };
}

async function openJobs(db: Db, tenantId: string, kind: JobKind): Promise<number> {
  const row = await db.selectFrom(TABLE).select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId).where('kind', '=', kind).where('state', 'in', ['queued', 'running']).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The jobs table: creation, claiming (FOR UPDATE SKIP LOCKED under a lease), progress, the owner's views. */
export class JobStore {
  constructor(private readonly deps: { db: Db; ids: IdGenerator; leaseSeconds: number }) {}

  private get lease() {
    // clock_timestamp, not now(): inside a long batch transaction now() is the transaction's start.
    return sql`clock_timestamp() + make_interval(secs => ${this.deps.leaseSeconds})`;
  }

  newId(): string {
    return this.deps.ids.next();
  }

  async create(opts: NewJob): Promise<string> {
    const id = opts.id ?? this.deps.ids.next();
    await this.deps.db.insertInto(TABLE).values(newRow(id, opts)).execute();
    return id;
  }

  /**
   * Creates a queued job only while the tenant has fewer than `openLimit` open (queued or
   * running) jobs of the kind; answers its id, else undefined. The count and the insert run
   * under a lock of the tenant's, so two requests at once cannot both take the last place.
   */
  async createWithin(opts: NewJob & { openLimit: number }): Promise<string | undefined> {
    const id = opts.id ?? this.deps.ids.next();
    return this.deps.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${OPEN_JOBS_LOCK}, hashtext(${opts.ctx.tenantId}))`.execute(trx);
      if ((await openJobs(trx, opts.ctx.tenantId, opts.kind)) >= opts.openLimit) return undefined;
      await trx.insertInto(TABLE).values(newRow(id, opts)).execute();
      return id;
    });
  }

  /** The tenant's queued and running jobs of a kind. */
  openCount(tenantId: string, kind: JobKind): Promise<number> {
    return openJobs(this.deps.db, tenantId, kind);
  }

  /**
   * Takes the oldest job that is queued, or running under a lease that ran out (its process
   * died), for the claim `token`, never one in `runningHere` (this process's own runs). Concurrent claimers skip each other's locked rows, so two
   * processes never take the same job. A job that has been taken `maxAttempts` times fails.
   * Jobs of `skipTenants` (being moved to another database) wait.
   */
  async claim(token: string, maxAttempts: number, runningHere: string[], skipTenants: string[] = []): Promise<Job | undefined> {
    await this.deps.db.updateTable(TABLE)
      .set({ state: 'failed', error_key: 'job.interrupted', finish_time: sql`now()`, update_time: sql`now()`, runner: '' })
      .where('state', '=', 'running').where('lease_until', '<', sql<Date>`clock_timestamp()`).where('attempts', '>=', maxAttempts).execute();
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const next = await trx.selectFrom(TABLE).select('id')
        .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`clock_timestamp()`)])]))
        .$if(runningHere.length > 0, (q) => q.where('id', 'not in', runningHere))
        .$if(skipTenants.length > 0, (q) => q.where('tenant_id', 'not in', skipTenants))
        .orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
      if (!next) return undefined;
      return trx.updateTable(TABLE).where('id', '=', next.id)
        .set({ state: 'running', runner: token, lease_until: this.lease, attempts: sql`attempts + 1`, update_time: sql`now()` })
        .returningAll().executeTakeFirst();
    });
    return row ? toJob(row) : undefined;
  }

  /**
   * Writes progress and renews the lease, through `db` (an import batch's transaction, so
   * the checkpoint commits with the rows). Answers false when the job is no longer this
   * runner's to run (cancel asked, or the lease was lost to another process).
   */
  async progress(id: string, runner: string, progress: JobProgress, db: Db = this.deps.db): Promise<'go' | 'cancel' | 'lost'> {
    const row = await db.updateTable(TABLE)
      .set({
        done: progress.done, lease_until: this.lease, update_time: sql`now()`,
        ...(progress.total !== undefined ? { total: progress.total } : {}),
        ...(progress.written !== undefined ? { written: progress.written } : {}),
        ...(progress.failed !== undefined ? { failed: progress.failed } : {}),
      })
      .where('id', '=', id).where('runner', '=', runner).where('state', '=', 'running')
      .returning('cancel_requested').executeTakeFirst();
    if (!row) return 'lost';
    return row.cancel_requested === 1 ? 'cancel' : 'go';
  }

  /** Ends a job this runner holds as done with `resultFile`, unless a cancel was asked meanwhile (answers false then). */
  async finishUnlessCancelled(id: string, runner: string, resultFile: string | undefined): Promise<boolean> {
    const result = await this.deps.db.updateTable(TABLE)
      .set({ state: 'done', result_file: resultFile ?? '', finish_time: sql`now()`, update_time: sql`now()`, runner: '', lease_until: null })
      .where('id', '=', id).where('runner', '=', runner).where('cancel_requested', '=', 0).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Renews the lease of a job this runner holds (a timer, also while a long batch runs); false when it is no longer its. */
  async heartbeat(id: string, runner: string): Promise<boolean> {
    const result = await this.deps.db.updateTable(TABLE).set({ lease_until: this.lease })
      .where('id', '=', id).where('runner', '=', runner).where('state', '=', 'running').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends a job this runner holds. */
  async finish(id: string, runner: string, end: { state: Exclude<JobState, 'queued' | 'running'>; resultFile?: string; errorKey?: string; errorParams?: Record<string, unknown> }): Promise<void> {
    await this.deps.db.updateTable(TABLE)
      .set({
        state: end.state, result_file: end.resultFile ?? '', error_key: end.errorKey ?? '', error_params: JSON.stringify(end.errorParams ?? {}),
        finish_time: sql`now()`, update_time: sql`now()`, runner: '', lease_until: null,
      })
      .where('id', '=', id).where('runner', '=', runner).execute();
  }

  /** Gives a job back to the queue (its process is stopping): another process resumes it at once. `uncounted`: this run was no attempt of the job's. */
  async release(id: string, runner: string, opts: { uncounted?: boolean } = {}): Promise<void> {
    await this.deps.db.updateTable(TABLE)
      .set({ state: 'queued', runner: '', lease_until: null, update_time: sql`now()`, ...(opts.uncounted ? { attempts: sql`greatest(attempts - 1, 0)` } : {}) })
      .where('id', '=', id).where('runner', '=', runner).where('state', '=', 'running').execute();
  }

  async get(id: string): Promise<Job | undefined> {
    const row = await this.deps.db.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toJob(row) : undefined;
  }

  /**
   * A job the caller may see: one of its tenant, started by the caller or seen by an
   * administrator of the tenant. Anything else is answered as absent.
   */
  async visible(ctx: RequestContext, id: string): Promise<Job | undefined> {
    if (!isId(id)) return undefined;
    let q = this.deps.db.selectFrom(TABLE).selectAll().where('id', '=', id).where('tenant_id', '=', ctx.tenantId);
    if (!hasAdminRole(ctx)) q = q.where('user_id', '=', ctx.userId);
    const row = await q.executeTakeFirst();
    return row ? toJob(row) : undefined;
  }

  /** The caller's latest jobs (an administrator: the tenant's), newest first. */
  async list(ctx: RequestContext, limit: number): Promise<Job[]> {
    let q = this.deps.db.selectFrom(TABLE).selectAll().where('tenant_id', '=', ctx.tenantId);
    if (!hasAdminRole(ctx)) q = q.where('user_id', '=', ctx.userId);
    return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toJob);
  }

  /** A queued job is cancelled at once; a running one is asked to stop at its next batch. */
  async requestCancel(id: string): Promise<void> {
    await this.deps.db.updateTable(TABLE)
      .set({ state: sql`case when state = 'queued' then 'cancelled' else state end`, finish_time: sql`case when state = 'queued' then now() else finish_time end`, cancel_requested: 1, update_time: sql`now()` })
      .where('id', '=', id).where('state', 'in', ['queued', 'running']).execute();
  }
}

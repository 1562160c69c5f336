import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../db/database-unavailable.js';
import { TenantMovingError } from '../../db/tenant-router.js';
import { acrossTenants, withTenant } from '../../db/tenant-scope.js';
import type { Job, JobKind, JobProgress, JobStore } from './job-store.js';

/** Thrown out of a handler by `report` when the job must stop: cancelled, lost, or the process stopping. */
export class JobStopped extends Error {
  constructor(readonly why: 'cancel' | 'lost' | 'shutdown') {
    super(`job stopped: ${why}`);
  }
}

/** A job's failure with a catalogue key for its owner (a bad upload, an unreadable sheet). */
export class JobFailure extends Error {
  constructor(readonly key: string, readonly params: Record<string, unknown> = {}) {
    super(key);
  }
}

/** SQLSTATEs of a statement that may pass when run again: serialization failure, deadlock, too many connections. */
const RETRYABLE_STATES = new Set(['40001', '40P01', '53300']);

/** Whether a job failed on the database's state at that moment (gone, overloaded, a lock cycle, its tenant being moved), not on what it does. */
export function isRetryable(error: unknown): boolean {
  return isDatabaseUnavailable(error) || error instanceof TenantMovingError || RETRYABLE_STATES.has(String((error as { code?: unknown } | undefined)?.code ?? ''));
}

/** The first line of a failure, kept on the job for the operator (the owner is shown the catalogue text only). */
export const causeOf = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0].slice(0, 300);

export interface JobRun {
  /** Writes progress (through `db`: a batch's transaction) and throws JobStopped when the job must stop. */
  report(progress: JobProgress, db?: Db): Promise<void>;
}

export interface JobHandler {
  /** Does the job; answers the result file's name (in the job store), if any. */
  run(job: Job, run: JobRun): Promise<{ resultFile?: string }>;
  /** Undoes what a stopped or failed run left that is not kept (a half-written file). */
  discard?(job: Job): Promise<void>;
}

/**
 * Runs queued jobs of the shared jobs table in this process, at most `concurrency` at a
 * time, polling every `pollMs` (and at once after `wake`). Any process on the same database
 * may take any job; a job whose process died is taken again when its lease runs out.
 */
export class JobRunner {
  readonly name = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  /** Claim token → the run; the job ids are never claimed again by this process while they run. */
  private readonly running = new Map<string, { jobId: string; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private polling = false;

  constructor(private readonly deps: {
    store: JobStore;
    handlers: Record<JobKind, JobHandler>;
    concurrency: number;
    pollMs: number;
    /** How often a running job's lease is renewed (well under the lease). */
    heartbeatMs: number;
    /** Pause before a job that met a passing database failure goes back to the queue (times its attempt). */
    retryPauseMs: number;
    maxAttempts: number;
    /** Tenants whose statements this process refuses now (a move's fence, db/tenant-databases.ts): their jobs wait in the queue. */
    movingTenants: () => string[];
    log: (error: unknown, job: Job) => void;
  }) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.deps.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (a job was just queued). */
  wake(): void {
    if (this.stopping || this.polling) return;
    this.polling = true;
    // Claims look at every tenant's queue, whoever woke the runner; each job runs in its own tenant.
    acrossTenants(() => this.fill()).catch(() => undefined).finally(() => { this.polling = false; });
  }

  private async fill(): Promise<void> {
    while (!this.stopping && this.running.size < this.deps.concurrency) {
      // Each claim holds its own token: a stale run of the same process can never pass for the new one.
      const token = `${this.name}:${randomBytes(4).toString('hex')}`;
      const job = await this.deps.store.claim(token, this.deps.maxAttempts, [...this.running.values()].map((r) => r.jobId), this.deps.movingTenants());
      if (!job) return;
      const done = withTenant(job.tenantId, () => this.execute(job, token))
        // Ending a job writes to the database too: should that fail, the lease runs out and the job is taken again.
        .catch((error: unknown) => this.deps.log(error, job))
        .finally(() => { this.running.delete(token); this.wake(); });
      this.running.set(token, { jobId: job.id, done });
    }
  }

  private async execute(job: Job, token: string): Promise<void> {
    const handler = this.deps.handlers[job.kind];
    const { store } = this.deps;
    const run: JobRun = {
      report: async (progress, db) => {
        if (this.stopping) throw new JobStopped('shutdown');
        const answer = await store.progress(job.id, token, progress, db);
        if (answer !== 'go') throw new JobStopped(answer);
      },
    };
    const beat = setInterval(() => void store.heartbeat(job.id, token).catch(() => undefined), this.deps.heartbeatMs);
    try {
      const { resultFile } = await handler.run(job, run);
      // A cancel that came after the last progress report still counts where the result can be undone (an export's file).
      if (!handler.discard) await store.finish(job.id, token, { state: 'done', resultFile });
      else if (!(await store.finishUnlessCancelled(job.id, token, resultFile))) throw new JobStopped('cancel');
    } catch (error) {
      if (!(error instanceof JobStopped || error instanceof TenantMovingError)) this.deps.log(error, job);
      if (error instanceof JobStopped && error.why === 'lost') return;
      await handler.discard?.(job).catch(() => undefined);
      if (error instanceof JobStopped && error.why === 'shutdown') return store.release(job.id, token);
      if (error instanceof JobStopped) return store.finish(job.id, token, { state: 'cancelled' });
      // Its tenant is being moved: no attempt of the job's. Back in the queue, not taken while this process reads the fence, then resumed from its checkpoint where the rows are.
      if (error instanceof TenantMovingError) return store.release(job.id, token, { uncounted: true });
      // A passing database failure (a batch rolled back whole) is not the job's: it resumes from its checkpoint, as after a restart.
      if (isRetryable(error) && job.attempts < this.deps.maxAttempts && !this.stopping) {
        await new Promise((resolve) => setTimeout(resolve, this.deps.retryPauseMs * job.attempts));
        return store.release(job.id, token);
      }
      const failure = error instanceof JobFailure ? error : new JobFailure('job.failed', { cause: causeOf(error) });
      await store.finish(job.id, token, { state: 'failed', errorKey: failure.key, errorParams: failure.params });
    } finally {
      clearInterval(beat);
    }
  }

  /** Stops taking jobs; running ones stop at their next progress report and go back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }
}

import { sql } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { Db } from '../../db/database.js';
import { acrossTenants } from '../../db/tenant-scope.js';

const HOUR_MS = 60 * 60 * 1000;
/** Rows deleted per statement, so a first purge of a large table never holds long locks. */
const BATCH = 5000;

export interface LogRetentionOptions {
  db: Db;
  models: EntityModel[];
  /** Rows older than this many days are deleted. */
  days: number;
  /** Called with each table a purge deleted from (list totals must be recounted). */
  afterDelete(table: string): Promise<void>;
  sink: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}

/**
 * Deletes log rows older than `LOG_RETENTION_DAYS` at start-up and every hour after.
 * `create_time` is the database's clock, so the cut-off is computed there too. Several
 * processes may purge at once: the deletes are idempotent.
 */
export class LogRetention {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: LogRetentionOptions) {
    this.timer = setInterval(() => void this.purge(), opts.intervalMs ?? HOUR_MS);
    this.timer.unref();
  }

  /** Deletes what has aged out; answers the rows deleted per table. */
  purge(): Promise<Record<string, number>> {
    const run = this.running.then(() => acrossTenants(() => this.purgeAll()));
    this.running = run.catch((error: unknown) => this.opts.sink.error({ err: error }, 'log retention purge failed'));
    return run;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async purgeAll(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const model of this.opts.models) {
      deleted[model.table] = await this.purgeTable(model);
      if (deleted[model.table] > 0) await this.opts.afterDelete(model.table);
    }
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0) this.opts.sink.info({ deleted, days: this.opts.days }, 'old log rows deleted');
    return deleted;
  }

  private async purgeTable(model: EntityModel): Promise<number> {
    const table = sql.table(model.table);
    let total = 0;
    for (;;) {
      const result = await sql`delete from ${table} where id in (
        select id from ${table} where create_time < localtimestamp - make_interval(days => ${this.opts.days}) limit ${BATCH})`.execute(this.opts.db);
      const count = Number(result.numAffectedRows ?? 0);
      total += count;
      if (count < BATCH) return total;
    }
  }
}

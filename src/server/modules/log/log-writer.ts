import { sql } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { Db } from '../../db/database.js';
import { acrossTenants } from '../../db/tenant-scope.js';
import { IdGenerator } from '../../db/ids.js';
import { recordToRow, type EntityRecord } from '../../engine/record-codec.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { BoundedQueue } from './bounded-queue.js';

export type LogKind = 'api' | 'error' | 'usual';

const CREATE_TIME = 'create_time';
/** Seconds since the entry was made, sent beside the columns (no column has this name). */
const AGE_KEY = '_age_s';

interface LogEntry {
  kind: LogKind;
  record: EntityRecord;
  /** Date.now() when the entry was made: create_time is that moment on the database's clock. */
  at: number;
  attempts: number;
}

/** The part of pino the writer needs. */
export interface LogSink {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LogWriterOptions {
  db: Db;
  models: Record<LogKind, EntityModel>;
  /** Called after rows were added to a table (list totals are cached per table write). */
  afterWrite(table: string): Promise<void>;
  sink: LogSink;
  /** Entries held at most; when full, the oldest are dropped. Default 10 000. */
  capacity?: number;
  /** Rows per insert, and the queue length that starts a flush at once. Default 200. */
  batchSize?: number;
  /** Flush period in ms. Default 1000. */
  intervalMs?: number;
  /** Inserts tried per entry before it is given up (about one a second). Default 10. */
  maxAttempts?: number;
}

export interface LogWriterStats {
  queued: number;
  written: number;
  /** Dropped because the buffer was full or the writer closed. */
  dropped: number;
  /** Given up after failed inserts. */
  failed: number;
}

/** NUL and unpaired surrogates, which no PostgreSQL text (or json) value can hold. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Cut first, then cleaned: a cut through a surrogate pair leaves one that is cleaned too. */
function storable(text: string, maxLength?: number): string {
  const cut = maxLength && text.length > maxLength ? text.slice(0, maxLength) : text;
  return cut.replace(UNSTORABLE, '\uFFFD');
}

/**
 * Text made storable and cut to its column's length, so no request can make a row (and
 * the batch it is in) fail; a tenant table's row without a tenant goes to the platform tenant.
 */
function fitted(model: EntityModel, record: EntityRecord): EntityRecord {
  const out: EntityRecord = model.tenancy === 'tenant' ? { tenantId: PLATFORM_TENANT } : {};
  for (const field of model.fields) {
    const value = record[field.name];
    if (value === undefined) continue;
    out[field.name] = typeof value === 'string' ? storable(value, field.maxLength) : value;
  }
  return out;
}

/**
 * Log rows are written behind the requests that make them: `push` only appends to a
 * bounded in-memory queue; a timer (and a full batch) flushes it, one insert per table.
 * A failed insert is reported to the sink and retried on the next flush, never thrown.
 */
export class LogWriter {
  private readonly queue: BoundedQueue<LogEntry>;
  private readonly ids = new IdGenerator();
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly timer: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private busy = false;
  private closed = false;
  private written = 0;
  private failed = 0;
  private lateDrops = 0;
  private reportedDrops = 0;

  constructor(private readonly opts: LogWriterOptions) {
    this.queue = new BoundedQueue(opts.capacity ?? 10_000);
    this.batchSize = opts.batchSize ?? 200;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.timer = setInterval(() => { if (!this.busy) void this.flush(); }, opts.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Queues a row; id and time are fixed now, so ids order the rows as they happened. */
  push(kind: LogKind, record: EntityRecord): void {
    if (this.closed) {
      this.lateDrops += 1;
      return;
    }
    const model = this.opts.models[kind];
    this.queue.push({ kind, record: fitted(model, { ...record, id: this.ids.next() }), at: Date.now(), attempts: 0 });
    if (this.queue.size >= this.batchSize && !this.busy) void this.flush();
  }

  /** Writes everything queued so far (flushes run one after another). */
  flush(): Promise<void> {
    // A batch holds rows of every tenant, whichever request filled it.
    this.chain = this.chain.then(() => acrossTenants(() => this.drain())).catch((error: unknown) => this.opts.sink.error({ err: error }, 'log flush failed'));
    return this.chain;
  }

  /** Stops the timer and writes what is left; later pushes are dropped and counted. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    if (this.queue.size > 0) this.opts.sink.error({ lost: this.queue.size }, 'log writer closed with unwritten entries');
  }

  stats(): LogWriterStats {
    return { queued: this.queue.size, written: this.written, dropped: this.queue.dropped + this.lateDrops, failed: this.failed };
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      this.reportDrops();
      while (this.queue.size > 0) {
        if (!(await this.write(this.queue.take(this.batchSize)))) break;
      }
    } finally {
      this.busy = false;
    }
  }

  /** One insert per table in the batch; answers false when one failed (the rest waits for the next flush). */
  private async write(batch: LogEntry[]): Promise<boolean> {
    let allWritten = true;
    for (const kind of ['api', 'error', 'usual'] as const) {
      const entries = batch.filter((e) => e.kind === kind);
      if (entries.length === 0) continue;
      try {
        await this.insert(this.opts.models[kind], entries);
        this.written += entries.length;
      } catch (error) {
        allWritten = false;
        this.retryLater(kind, entries, error);
      }
    }
    return allWritten;
  }

  /**
   * One statement for the whole batch, the rows sent as a single JSON parameter and
   * unpacked with the table's own row type: about twice as fast as a VALUES list with
   * a parameter per cell (PGlite and PostgreSQL alike). Names come from the model.
   */
  private async insert(model: EntityModel, entries: LogEntry[]): Promise<void> {
    const now = Date.now();
    const rows = entries.map((e) => ({ ...recordToRow(model, e.record), [AGE_KEY]: (now - e.at) / 1000 }));
    const columns = model.fields.map((f) => f.column).filter((c) => c !== CREATE_TIME);
    await sql`insert into ${sql.table(model.table)} (${sql.join(columns.map((c) => sql.ref(c)))}, ${sql.ref(CREATE_TIME)})
      select ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}, cast(localtimestamp - make_interval(secs => (j->>${AGE_KEY})::float8) as timestamp(0))
      from json_array_elements(${JSON.stringify(rows)}::json) j, json_populate_record(null::${sql.table(model.table)}, j) r`.execute(this.opts.db);
    // The rows are in: a failure from here on must not queue them again.
    await this.opts.afterWrite(model.table).catch((error: unknown) => this.opts.sink.error({ err: error, table: model.table }, 'log table write not announced'));
  }

  private retryLater(kind: LogKind, entries: LogEntry[], error: unknown): void {
    const again = entries.map((e) => ({ ...e, attempts: e.attempts + 1 })).filter((e) => e.attempts < this.maxAttempts);
    this.failed += entries.length - again.length;
    this.queue.requeue(again);
    this.opts.sink.error({ err: error, kind, entries: entries.length, givenUp: entries.length - again.length }, 'log flush failed');
  }

  private reportDrops(): void {
    const dropped = this.queue.dropped;
    if (dropped === this.reportedDrops) return;
    this.opts.sink.warn({ dropped: dropped - this.reportedDrops, total: dropped }, 'log buffer full: oldest entries dropped');
    this.reportedDrops = dropped;
  }
}

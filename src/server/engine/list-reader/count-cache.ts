import type { SharedStore } from '../../store/shared-store.js';
import type { ReadAhead } from '../../http/read-ahead.js';
import { andThen, type MaybePromise } from '../../../shared/maybe-promise.js';
import { unseenChanges, type LoggedWrite, type WriteLog, type WriteNotices } from './write-log.js';
import type { RowMatcher } from './row-matcher.js';
import { InFlight } from './in-flight.js';
import { makeRoom } from '../../../shared/make-room.js';

/** A count and, when known, the database snapshot it was taken in (`pg_current_snapshot()`). */
export interface Counted {
  n: number;
  snapshot?: string;
}

interface Cached {
  total: number;
  /** The table's write generation the total includes every logged write up to. */
  pos: number;
  snapshot?: string;
  match?: RowMatcher;
  at: number;
}

/** Logged writes kept per table (in the shared store and in each process). */
const KEEP = 2000;
/** A cached total is counted anew at least this often, whatever the log says. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * Exact totals without counting on every request. Every write through the engine appends
 * to its table's write log in the shared store (generation `gen:<table>` + the rows it
 * changed, after its commit); a write the engine cannot describe appends an unknown entry.
 * A cached total remembers the generation it stands for and the snapshot it was counted
 * in; on the next read it takes the writes logged since, each at most once: a write already
 * visible in the count's snapshot is skipped, the others move the total by the rows the
 * filter matched before and after. A write it cannot evaluate (unknown entry, a filter the
 * matcher cannot decide, a log trimmed past it) makes it count anew, as a table generation did.
 */
export class CountCache implements WriteNotices {
  private readonly totals = new Map<string, Cached>();
  private readonly logs = new Map<string, WriteLog>();
  /** Counts running now, by cache key. */
  private readonly counting = new InFlight<Promise<Counted>>();
  /** The store's epoch the cached totals and logs belong to (see SharedStore.epoch). */
  private epoch = 0;
  private readonly resets: (() => void)[] = [];
  /** Log reads sent in this turn of the event loop, by table (see sync). */
  private readonly syncing = new Map<string, Promise<WriteLog>>();
  /** Tables whose generations every authenticated request reads: read with the token check (read-ahead.ts). */
  private readonly readAheadTables = new Set<string>();
  private readAheadList: string[] = [];
  /** Totals served from the cache and counted anew since the start (metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly store: SharedStore,
    private readonly capacity = 2000,
    /** Which database this process writes (entries of other databases sharing the store are no-ops). */
    readonly database = '',
  ) {}

  /**
   * The store's epoch now; when it moved since the last call, every cached total and log
   * copy is dropped: a log read across a reconnect may mix two stores. (A store that lost
   * its keys numbers generations above the lost ones, see SharedStore.logAppend, so a total
   * cached at generation 57 never passes for current once 57 new writes are logged.)
   */
  storeEpoch(): number {
    const epoch = this.store.epoch();
    if (epoch !== this.epoch) {
      this.totals.clear();
      this.logs.clear();
      for (const drop of this.resets) drop();
      this.epoch = epoch;
    }
    return epoch;
  }

  /** What else to drop when the store's epoch moves (caches moved by the write logs: first-page keys, anchors, derived values). */
  onStoreReset(drop: () => void): void {
    this.resets.push(drop);
  }

  generation(table: string): Promise<string> {
    return this.store.get(`gen:${table}`).then((g) => g ?? '0');
  }

  /** The write generations of several tables in one step (one round trip to Redis), or as read ahead in this request's epoch. */
  generations(tables: string[], ahead?: ReadAhead): MaybePromise<string[]> {
    const known = ahead && ahead.epoch === this.epoch && tables.every((t) => ahead.values.has(`gen:${t}`));
    if (known) return tables.map((t) => ahead.values.get(`gen:${t}`) ?? '0');
    return andThen(this.store.getMany(tables.map((t) => `gen:${t}`)), (values) => values.map((g) => g ?? '0'));
  }

  /** Reads the generations of `tables` with every token check from now on. */
  readAhead(tables: string[]): void {
    for (const table of tables) this.readAheadTables.add(table);
    this.readAheadList = [...this.readAheadTables].map((t) => `gen:${t}`);
  }

  readAheadKeys(): readonly string[] {
    return this.readAheadList;
  }

  /**
   * This process's copy of the table's log, brought up to date from the shared store (one
   * round trip). Calls within one turn of the event loop (a first page asks for its keys and
   * its total at once) share one read: it is sent after every request being handled in that
   * turn arrived, so each still sees every write logged before it did.
   */
  sync(table: string): Promise<WriteLog> {
    const running = this.syncing.get(table);
    if (running) return running;
    const run = this.syncFromStore(table);
    this.syncing.set(table, run);
    queueMicrotask(() => this.syncing.delete(table));
    return run;
  }

  /** This process's copy of the table's log as last synced, without reading the store (undefined before the first sync). */
  localLog(table: string): WriteLog | undefined {
    return this.logs.get(table);
  }

  private async syncFromStore(table: string): Promise<WriteLog> {
    const log = this.logs.get(table) ?? { gen: -1, base: -1, entries: [] };
    this.logs.set(table, log);
    const { gen, entries } = await this.store.logRead(table, Math.max(log.gen, 0), log.gen < 0 ? 0 : KEEP);
    if (gen === log.gen) return log;
    if (gen < log.gen || log.gen < 0) return this.restart(log, gen);
    // Another sync of this table may have merged part of it meanwhile.
    const fresh = entries.map((line) => {
      const space = line.indexOf(' ');
      return { gen: Number(line.slice(0, space)), write: JSON.parse(line.slice(space + 1)) as LoggedWrite };
    }).filter((e) => e.gen > log.gen);
    if (fresh.length !== gen - log.gen || fresh.some((e, i) => e.gen !== log.gen + 1 + i)) return this.restart(log, gen);
    log.entries.push(...fresh.map((e) => e.write));
    log.gen = gen;
    if (log.entries.length > KEEP) {
      const drop = log.entries.length - KEEP;
      log.entries.splice(0, drop);
      log.base += drop;
    }
    return log;
  }

  private restart(log: WriteLog, gen: number): WriteLog {
    Object.assign(log, { gen, base: gen, entries: [] });
    return log;
  }

  /** Moves a cached total to the log's generation; false when it must be counted anew. Synchronous, so each write is taken once. */
  private advance(cached: Cached, log: WriteLog): boolean {
    const changes = unseenChanges(log, cached, this.database, MAX_AGE_MS);
    if (!changes || (changes.length > 0 && !cached.match)) return false;
    let total = cached.total;
    for (const [before, after] of changes) {
      const was = before ? cached.match!(before) : false;
      const is = after ? cached.match!(after) : false;
      if (was === undefined || is === undefined) return false;
      total += Number(is) - Number(was);
    }
    cached.total = total;
    cached.pos = log.gen;
    return true;
  }

  async total(table: string, key: string, count: () => Promise<Counted>, match?: RowMatcher): Promise<number> {
    const cacheKey = `${table}#${key}`;
    for (let waited = false; ; waited = true) {
      const epoch = this.storeEpoch();
      const log = await this.sync(table);
      // A log read across a reconnect may mix both stores: it serves nothing and the next call starts over.
      const sameStore = () => this.store.epoch() === epoch;
      const hit = this.totals.get(cacheKey);
      if (hit && sameStore() && this.advance(hit, log)) {
        this.lookups.hits += 1;
        return hit.total;
      }
      // Concurrent misses of one total share its count (a cold list under load would run one
      // count per waiting request): the others wait for it, then read the cache as a request
      // arriving after it would, so each still sees every write logged before it read.
      const running = this.counting.get(cacheKey);
      if (!running || waited) return this.countAnew(cacheKey, log, sameStore, count, match);
      await running.catch(() => undefined);
    }
  }

  private async countAnew(cacheKey: string, log: WriteLog, sameStore: () => boolean, count: () => Promise<Counted>, match?: RowMatcher): Promise<number> {
    this.totals.delete(cacheKey);
    this.lookups.misses += 1;
    // Every write logged up to `pos` committed before the count started, so its snapshot has it.
    const pos = log.gen;
    const run = count();
    this.counting.track(cacheKey, run, run);
    const { n, snapshot } = await run;
    const cached: Cached = { total: n, pos, snapshot, match, at: Date.now() };
    if (sameStore() && this.advance(cached, log)) {
      makeRoom(this.totals, this.capacity);
      this.totals.set(cacheKey, cached);
    }
    return n;
  }

  /** Logs the rows a committed transaction changed in `table` (see LoggedWrite). */
  async logged(table: string, write: Omit<LoggedWrite, 'db'>): Promise<void> {
    await this.store.logAppend(table, JSON.stringify({ ...write, db: this.database }), KEEP);
  }

  /** A write the engine cannot describe: every cached total of the table is counted anew. */
  async invalidate(table: string): Promise<void> {
    await this.store.logAppend(table, '{}', KEEP);
  }
}

import type { CountCache } from './count-cache.js';
import type { RowMatcher } from './row-matcher.js';
import { unseenChanges, type WriteLog } from './write-log.js';
import { InFlight } from './in-flight.js';
import { makeRoom } from '../../../shared/make-room.js';

/** Keys kept per list: first pages up to this size are served from them. */
export const KEPT_KEYS = 50;
const MAX_AGE_MS = 5 * 60_000;

interface Kept {
  /** The first keys of the list in its order (key order), at most KEPT_KEYS. */
  keys: bigint[];
  /** Whether `keys` are all the rows the list has. */
  complete: boolean;
  pos: number;
  snapshot: string;
  match: RowMatcher;
  at: number;
}

/**
 * The keys of a list's first page, kept like its total (see CountCache): read once with the
 * snapshot of the read, then moved by each logged write — a row that stops matching leaves,
 * a new match within the kept range comes in at its place. Only lists ordered by an integral
 * primary key alone; a list whose kept keys run short of a page is read anew.
 */
export class PageKeys {
  private readonly lists = new Map<string, Kept>();
  /** Reads running now, by cache key. */
  private readonly reading = new InFlight<Promise<{ keys: string[]; snapshot: string }>>();

  constructor(private readonly counts: CountCache, private readonly capacity = 500) {
    counts.onStoreReset(() => this.lists.clear());
  }

  async first(table: string, key: string, opts: { pk: string; desc: boolean; size: number; match?: RowMatcher; read: (limit: number) => Promise<{ keys: string[]; snapshot: string }> }): Promise<string[] | undefined> {
    const { match, size } = opts;
    if (!match || size > KEPT_KEYS) return undefined;
    const cacheKey = `${table}#${opts.desc ? 'desc' : 'asc'}#${key}`;
    for (let waited = false; ; waited = true) {
      const epoch = this.counts.storeEpoch();
      const log = await this.counts.sync(table);
      const sameStore = () => this.counts.storeEpoch() === epoch;
      const hit = this.lists.get(cacheKey);
      if (hit && sameStore() && this.advance(hit, log, opts) && (hit.complete || hit.keys.length >= size)) return hit.keys.slice(0, size).map(String);
      // Concurrent misses share one read, as the totals share their count (see CountCache.total).
      const running = this.reading.get(cacheKey);
      if (!running || waited) return this.readAnew(cacheKey, log, sameStore, opts, match);
      await running.catch(() => undefined);
    }
  }

  private async readAnew(cacheKey: string, log: WriteLog, sameStore: () => boolean, opts: { pk: string; desc: boolean; size: number; read: (limit: number) => Promise<{ keys: string[]; snapshot: string }> }, match: RowMatcher): Promise<string[]> {
    this.lists.delete(cacheKey);
    const pos = log.gen;
    const run = opts.read(KEPT_KEYS);
    this.reading.track(cacheKey, run, run);
    const { keys, snapshot } = await run;
    const kept: Kept = { keys: keys.map((k) => BigInt(k)), complete: keys.length < KEPT_KEYS, pos, snapshot, match, at: Date.now() };
    if (sameStore() && this.advance(kept, log, opts)) {
      makeRoom(this.lists, this.capacity);
      this.lists.set(cacheKey, kept);
    }
    return keys.slice(0, opts.size);
  }

  /** Synchronous, so each write is taken once; false when the keys must be read anew. */
  private advance(kept: Kept, log: WriteLog, opts: { pk: string; desc: boolean }): boolean {
    const changes = unseenChanges(log, kept, this.counts.database, MAX_AGE_MS);
    if (!changes) return false;
    const before = (a: bigint, b: bigint) => (opts.desc ? a > b : a < b);
    const keys = [...kept.keys];
    let complete = kept.complete;
    for (const [was, is] of changes) {
      const wasIn = was ? kept.match(was) : false;
      const isIn = is ? kept.match(is) : false;
      if (wasIn === undefined || isIn === undefined) return false;
      const text = (is ?? was)![opts.pk];
      if (typeof text !== 'string') return false;
      const k = BigInt(text);
      const at = keys.indexOf(k);
      if (wasIn && at >= 0) keys.splice(at, 1);
      else if ((wasIn && complete) || (!wasIn && at >= 0)) return false;
      if (!isIn) continue;
      const place = keys.findIndex((other) => before(k, other));
      if (place === -1 && !complete) continue;
      keys.splice(place === -1 ? keys.length : place, 0, k);
      if (keys.length > KEPT_KEYS) {
        keys.pop();
        complete = false;
      }
    }
    Object.assign(kept, { keys, complete, pos: log.gen });
    return true;
  }
}

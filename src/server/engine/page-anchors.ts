import type { CountCache } from './count-cache.js';
import type { RowMatcher } from './row-matcher.js';
import { unseenChanges, type WriteLog } from './write-log.js';

/** Rows read before the wanted offset when an anchor is made, so later inserts ahead of it still leave it usable. */
export const ANCHOR_SLACK = 256;
/** An anchor serves offsets up to this many rows past it (the page query skips them). */
const REACH = 2 * ANCHOR_SLACK;
const ANCHORS_PER_LIST = 16;
const MAX_AGE_MS = 5 * 60_000;

interface Anchor {
  key: bigint;
  /** Matching rows strictly before `key` in the list's order. */
  rank: number;
  pos: number;
  snapshot: string;
  at: number;
}

interface Anchored {
  match: RowMatcher;
  anchors: Anchor[];
}

export interface AnchorReads {
  pk: string;
  desc: boolean;
  match?: RowMatcher;
  /** The keys from `offset` on (at most `limit`), with the snapshot of the read. */
  keysAt: (offset: number, limit: number) => Promise<{ keys: string[]; snapshot: string }>;
}

/**
 * Deep pages of lists in primary-key order without walking the index up to the offset on
 * every request: an anchor is a key and the number of matching rows before it, read once
 * with the read's snapshot and then moved by each logged write (a row before the key that
 * starts or stops matching moves it by one), as CountCache moves totals. A page at offset
 * `o` is then read from the nearest anchor at or before `o`: `key ≤ anchor` (descending)
 * skipping `o − rank` rows.
 */
export class PageAnchors {
  private readonly lists = new Map<string, Anchored>();
  /** Pages read from an anchor, and pages that had to make one. */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(private readonly counts: CountCache, private readonly capacity = 500) {
    counts.onStoreReset(() => this.lists.clear());
  }

  /**
   * Where to read the page at `offset` from: an anchor key and the rows to skip after it,
   * or, when no anchor serves it, the page's own keys (read through a new anchor). Undefined
   * when the list cannot be anchored (a filter the matcher cannot evaluate).
   */
  async locate(table: string, listKey: string, offset: number, size: number, reads: AnchorReads): Promise<{ from: string; skip: number } | { keys: string[] } | undefined> {
    if (!reads.match) return undefined;
    const cacheKey = `${table}#${reads.desc ? 'desc' : 'asc'}#${listKey}`;
    const epoch = this.counts.storeEpoch();
    const log = await this.counts.sync(table);
    // A log read across a store reconnect may mix both stores: it moves and makes no anchor.
    const sameStore = () => this.counts.storeEpoch() === epoch;
    let list = sameStore() ? this.lists.get(cacheKey) : undefined;
    if (list) list.anchors = list.anchors.filter((a) => this.advance(a, log, list!.match, reads));
    const best = list?.anchors.filter((a) => a.rank <= offset && offset - a.rank <= REACH).sort((a, b) => b.rank - a.rank)[0];
    if (best) {
      this.lookups.hits += 1;
      return { from: String(best.key), skip: offset - best.rank };
    }
    this.lookups.misses += 1;

    const pos = log.gen;
    const base = Math.max(0, offset - ANCHOR_SLACK);
    const { keys, snapshot } = await reads.keysAt(base, offset - base + size);
    if (keys.length > 0) {
      const anchor: Anchor = { key: BigInt(keys[0]), rank: base, pos, snapshot, at: Date.now() };
      if (sameStore() && this.advance(anchor, log, reads.match, reads)) {
        if (!list) {
          if (this.lists.size >= this.capacity) this.lists.delete(this.lists.keys().next().value!);
          list = { match: reads.match, anchors: [] };
          this.lists.set(cacheKey, list);
        }
        list.anchors = [anchor, ...list.anchors].slice(0, ANCHORS_PER_LIST);
      }
    }
    return { keys: keys.slice(offset - base) };
  }

  /** Synchronous, so each write is taken once; false when the anchor must be dropped. */
  private advance(anchor: Anchor, log: WriteLog, match: RowMatcher, opts: { pk: string; desc: boolean }): boolean {
    const changes = unseenChanges(log, anchor, this.counts.database, MAX_AGE_MS);
    if (!changes) return false;
    let rank = anchor.rank;
    for (const [was, is] of changes) {
      const text = (is ?? was)![opts.pk];
      if (typeof text !== 'string') return false;
      const k = BigInt(text);
      if (opts.desc ? k <= anchor.key : k >= anchor.key) continue;
      const wasIn = was ? match(was) : false;
      const isIn = is ? match(is) : false;
      if (wasIn === undefined || isIn === undefined) return false;
      rank += Number(isIn) - Number(wasIn);
    }
    Object.assign(anchor, { rank, pos: log.gen });
    return true;
  }
}

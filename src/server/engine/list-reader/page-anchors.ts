import type { CountCache } from './count-cache.js';
import type { RowMatcher } from './row-matcher.js';
import { unseenChanges, type WriteLog } from './write-log.js';
import { InFlight } from './in-flight.js';
import { makeRoom } from '../../../shared/make-room.js';

/** Rows read before the wanted offset when an anchor is made, so later inserts ahead of it still leave it usable. */
export const ANCHOR_SLACK = 256;
/** An anchor serves offsets up to this many rows past it (the page query skips them). */
const REACH = 2 * ANCHOR_SLACK;
const ANCHORS_PER_LIST = 16;
const MAX_AGE_MS = 5 * 60_000;

/** An anchor with fewer rows of room than this on either side of an offset (or past half its age) is replaced beside the requests. */
const SLACK_LEFT = ANCHOR_SLACK / 2;
const roomy = (a: Anchor, offset: number) =>
  offset - a.rank >= SLACK_LEFT && offset - a.rank <= REACH - SLACK_LEFT && Date.now() - a.at < MAX_AGE_MS / 2;

/** Rows on either side of a page served from an anchor's keys, read along with its missing rows: writes ahead of the page move them into it. */
const NEAR = 8;

/** Keys kept past an anchor at most (the read's own, plus room for rows written into them). */
const KEPT_PAST_ANCHOR = 2 * REACH;

interface Anchor {
  key: bigint;
  /** Matching rows strictly before `key` in the list's order. */
  rank: number;
  /** The first matching keys at or after `key`, in the list's order, moved by each write like the rank ([] once unknown). */
  keys: bigint[];
  /** Whether `keys` run to the list's end. */
  complete: boolean;
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
  /** The anchor read running now per list, and the offsets it will serve. */
  private readonly reading = new InFlight<{ read: Promise<unknown>; from: number; to: number }>();
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
  async locate(table: string, listKey: string, offset: number, size: number, reads: AnchorReads): Promise<{ from: string; skip: number } | { keys: string[]; near?: string[] } | undefined> {
    if (!reads.match) return undefined;
    const cacheKey = `${table}#${reads.desc ? 'desc' : 'asc'}#${listKey}`;
    for (let waited = false; ; waited = true) {
      const epoch = this.counts.storeEpoch();
      const log = await this.counts.sync(table);
      // A log read across a store reconnect may mix both stores: it moves and makes no anchor.
      const sameStore = () => this.counts.storeEpoch() === epoch;
      const list = sameStore() ? this.lists.get(cacheKey) : undefined;
      if (list) list.anchors = list.anchors.filter((a) => this.advance(a, log, list.match, reads));
      const serving = list?.anchors.filter((a) => a.rank <= offset && offset - a.rank <= REACH) ?? [];
      const best = serving.sort((a, b) => b.rank - a.rank)[0];
      if (best) {
        this.lookups.hits += 1;
        // Writes move anchors: before every anchor that serves this offset runs out of
        // reach (or age), a new one is read beside the requests, so none of them waits for the walk.
        if (!serving.some((a) => roomy(a, offset)) && !this.reading.has(cacheKey)) {
          this.anchorAt(cacheKey, log, sameStore, offset, size, reads).catch(() => undefined);
        }
        const at = offset - best.rank;
        if (at + size <= best.keys.length || best.complete) {
          const near = [...best.keys.slice(Math.max(0, at - NEAR), at), ...best.keys.slice(at + size, at + size + NEAR)];
          return { keys: best.keys.slice(at, at + size).map(String), near: near.map(String) };
        }
        return { from: String(best.key), skip: at };
      }
      // Concurrent misses of one list share its read (a deep walk of the index each otherwise).
      const running = this.reading.get(cacheKey);
      if (running && !waited && running.from <= offset && offset < running.to) {
        await running.read.catch(() => undefined);
        continue;
      }
      this.lookups.misses += 1;
      const { keys, base } = await this.anchorAt(cacheKey, log, sameStore, offset, size, reads);
      return { keys: keys.slice(offset - base), near: keys.slice(Math.max(0, offset - base - NEAR), offset - base) };
    }
  }

  /** Reads the keys around `offset` (ANCHOR_SLACK rows before it) and keeps them as a new anchor of the list. */
  private anchorAt(cacheKey: string, log: WriteLog, sameStore: () => boolean, offset: number, size: number, reads: AnchorReads): Promise<{ keys: string[]; base: number }> {
    const pos = log.gen;
    const base = Math.max(0, offset - ANCHOR_SLACK);
    const read = reads.keysAt(base, offset - base + size).then(({ keys, snapshot }) => {
      if (keys.length > 0) this.keep(cacheKey, log, sameStore, reads, { key: BigInt(keys[0]), rank: base, keys: keys.map((k) => BigInt(k)), complete: keys.length < offset - base + size, pos, snapshot, at: Date.now() });
      return { keys, base };
    });
    this.reading.track(cacheKey, { read, from: base + SLACK_LEFT, to: base + REACH - SLACK_LEFT }, read);
    return read;
  }

  private keep(cacheKey: string, log: WriteLog, sameStore: () => boolean, reads: AnchorReads, anchor: Anchor): void {
    if (!sameStore() || !this.advance(anchor, log, reads.match!, reads)) return;
    let list = this.lists.get(cacheKey);
    if (!list) {
      makeRoom(this.lists, this.capacity);
      list = { match: reads.match!, anchors: [] };
      this.lists.set(cacheKey, list);
    }
    list.anchors = [anchor, ...list.anchors].slice(0, ANCHORS_PER_LIST);
  }

  /** Synchronous, so each write is taken once; false when the anchor must be dropped. */
  private advance(anchor: Anchor, log: WriteLog, match: RowMatcher, opts: { pk: string; desc: boolean }): boolean {
    const changes = unseenChanges(log, anchor, this.counts.database, MAX_AGE_MS);
    if (!changes) return false;
    if (changes.length === 0) {
      anchor.pos = log.gen;
      return true;
    }
    const before = (a: bigint, b: bigint) => (opts.desc ? a > b : a < b);
    let rank = anchor.rank;
    let keys = [...anchor.keys];
    let complete = anchor.complete;
    for (const [was, is] of changes) {
      const text = (is ?? was)![opts.pk];
      if (typeof text !== 'string') return false;
      const k = BigInt(text);
      const wasIn = was ? match(was) : false;
      const isIn = is ? match(is) : false;
      const known = wasIn !== undefined && isIn !== undefined;
      if (before(k, anchor.key)) {
        if (!known) return false;
        rank += Number(isIn) - Number(wasIn);
      } else if (keys.length > 0 || complete) {
        [keys, complete] = known ? movedKeys(keys, complete, k, wasIn, isIn, before) : [[], false];
      }
    }
    Object.assign(anchor, { rank, keys, complete, pos: log.gen });
    return true;
  }
}

/**
 * The kept keys past an anchor after a write of key `k` (at or after the anchor): a key that
 * stops matching leaves, a new match within them comes in at its place. Keys that cannot be
 * followed (a write they do not add up with) are dropped: the anchor then serves by skipping.
 */
function movedKeys(keys: bigint[], complete: boolean, k: bigint, wasIn: boolean, isIn: boolean, before: (a: bigint, b: bigint) => boolean): [bigint[], boolean] {
  const at = keys.indexOf(k);
  const within = complete || (keys.length > 0 && !before(keys[keys.length - 1], k));
  if (wasIn && at >= 0) keys.splice(at, 1);
  else if ((wasIn && within) || (!wasIn && at >= 0)) return [[], false];
  if (isIn) {
    const place = keys.findIndex((other) => before(k, other));
    if (place !== -1 || complete) keys.splice(place === -1 ? keys.length : place, 0, k);
  }
  if (keys.length > KEPT_PAST_ANCHOR) return [keys.slice(0, KEPT_PAST_ANCHOR), false];
  return [keys, complete];
}

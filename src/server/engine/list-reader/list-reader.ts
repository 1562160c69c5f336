import type { EntityRecord } from '../record-codec.js';
import { rowToRecord, type Row } from '../record-codec.js';
import type { RowSource } from '../row-source.js';
import { forEachBatch, type BatchRead } from './batches.js';
import { deepPage } from './deep-page.js';
import { keptFirstPage } from './first-page.js';
import { keptRecord, type KeyRead } from './kept-detail.js';
import type { ListStats } from './list-stats.js';
import { pageRows, rowsOfKeys } from './page-rows.js';
import { pageTotal } from './page-total.js';
import type { Page, PageQuery, ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';
import { childrenOf, parentsWithChildren } from './tree-reads.js';

/**
 * A filtered page whose exact total is at most this reads all its matches (through the
 * filter's index, e.g. trigram) and sorts them, instead of walking the sort order until
 * enough rows match: that walk crosses most of a big table when the matches sit together
 * far down the order (a key fragment, `name 12…` among a million names).
 */
const FEW_MATCHES = 20_000;

/**
 * The engine's reads of lists and details for callers outside transactions, with the caches
 * that make them fast (totals, first-page keys, deep-page anchors, kept rows, all following
 * the tables' write log): whoever reads through it sees committed rows, exactly as a
 * statement would, and never the caches themselves.
 */
export class ListReader {
  constructor(private readonly parts: ReaderParts) {}

  private get source(): RowSource {
    return this.parts.source;
  }

  /** One page of a list with its exact total. */
  async page(query: PageQuery): Promise<Page<EntityRecord>> {
    const { current, size } = query.paging;
    const offset = (current - 1) * size;
    const { rows, total } = await this.pageAndTotal(query, offset);
    return { records: rows.map((r) => rowToRecord(query.model, r)), total, size, current, pages: Math.ceil(total / size) };
  }

  private async pageAndTotal(query: PageQuery, offset: number): Promise<{ rows: Row[]; total: number }> {
    const { parts } = this;
    const { size } = query.paging;
    // A filter's exact total decides how its rows are read: a few matches through the filter's
    // own index, then sorted (see FEW_MATCHES). It is asked in the same turn as the kept keys,
    // so both share one read of the write log; the keys wait for it only when they must be read.
    const counting = query.conditions.length > 0 ? pageTotal(parts, query) : undefined;
    const fewer = counting?.then((n) => n <= FEW_MATCHES);
    fewer?.catch(() => undefined); // a failed count rejects through `counting`; this copy may go unawaited
    const kept = offset === 0 ? keptFirstPage(parts, { read: query, size, fewer }) : undefined;
    if (kept) {
      const [keys, total] = await Promise.all([kept, counting ?? pageTotal(parts, query)]);
      const few = total <= FEW_MATCHES && counting !== undefined;
      const rows = keys === undefined ? await pageRows(parts, { read: query, offset, size, few }) : await rowsOfKeys(parts, { read: query, keys });
      return { rows, total };
    }
    if (!counting) {
      const [rows, total] = await Promise.all([deepPage(parts, { read: query, offset, size, few: false }), pageTotal(parts, query)]);
      return { rows, total };
    }
    const total = await counting;
    const rows = offset >= total ? [] : await deepPage(parts, { read: query, offset, size, few: total <= FEW_MATCHES });
    return { rows, total };
  }

  /** Up to LIST_LIMIT records in order (trees, selects): read each time. */
  list(query: ReadQuery): Promise<EntityRecord[]> {
    return this.source.list(query);
  }

  /** Every record of the query in order, a batch at a time (exports of any size). */
  forEachBatch(batches: BatchRead): Promise<void> {
    return forEachBatch(this.parts, batches);
  }

  /** Direct children of a parent, each with `hasChildren` (lazy trees). */
  children(query: ReadQuery): ReturnType<typeof childrenOf> {
    return childrenOf(this.source, query);
  }

  /** Keys among `keys` with at least one live child matching the conditions (lazy lists). */
  parentsWithChildren(query: Parameters<typeof parentsWithChildren>[1]): Promise<Set<string>> {
    return parentsWithChildren(this.source, query);
  }

  /** A detail's record with its secrets (the caller masks them); see keptRecord. */
  byKey(read: KeyRead): Promise<EntityRecord | undefined> {
    return keptRecord(this.parts, read);
  }

  /** Hit and miss figures of the caches (live: read them when needed). */
  get stats(): ListStats {
    const { counts, pageAnchors, keptRows } = this.parts;
    const none = { hits: 0, misses: 0, reads: 0 };
    return { totals: counts.lookups, anchors: pageAnchors?.lookups ?? none, rows: keptRows?.lookups ?? none };
  }

  /** A table written by SQL the engine did not describe (a module's own): every kept total, page and row over it is read anew. */
  tableWritten(table: string): Promise<void> {
    return this.parts.counts.invalidate(table);
  }
}

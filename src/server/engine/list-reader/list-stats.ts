/** Lookups of one cache since the start: answered from it (hits) or read (misses). */
export interface Lookups {
  readonly hits: number;
  readonly misses: number;
}

/** The list caches' figures, for the metrics and the tests: what modules may see of them. */
export interface ListStats {
  /** List totals: served from the count cache, or counted. */
  readonly totals: Lookups;
  /** Deep pages: read from an anchor, or having to make one. */
  readonly anchors: Lookups;
  /** Rows of kept pages and details (in rows); `reads`: the statements their misses took. */
  readonly rows: Lookups & { readonly reads: number };
}

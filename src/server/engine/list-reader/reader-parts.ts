import type { Database } from '../../db/database.js';
import type { RowSource } from '../row-source.js';
import type { CountCache } from './count-cache.js';
import type { KeptRows } from './kept-rows.js';
import type { PageAnchors } from './page-anchors.js';
import type { PageKeys } from './page-keys.js';

/** What the list reader's stages read with: the rows' source and the caches that follow the write log. */
export interface ReaderParts {
  /** The platform's database outside any transaction (the reader never joins one: its caches hold committed rows only). */
  source: RowSource;
  /** List totals kept per table write log. */
  counts: CountCache;
  /** First-page keys kept like the totals (absent: every page is read). */
  pageKeys?: PageKeys;
  /** Anchors of deep pages kept like the totals (absent: deep pages walk the key index). */
  pageAnchors?: PageAnchors;
  /** Rows of kept pages answered without a statement while no logged write touched them (absent: read each time). */
  keptRows?: KeptRows;
  /** The platform database's engine: how batches are read (a cursor, see db/cursor-batches, or on PGlite index walks). */
  kind?: Database['kind'];
}

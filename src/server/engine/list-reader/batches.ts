import { sql } from 'kysely';
import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import { forEachCursorBatch } from '../../db/cursor-batches.js';
import { outputColumns, rowToRecord, type EntityRecord } from '../record-codec.js';
import { ordered } from '../row-source.js';
import { indexWalkOf, walkCondition, walkGroups, type IndexWalk, type WalkPosition } from './index-walk.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';

/** Where an index walk's batch says its last row is (the key's and the column's values as text). */
const WALK_KEY = 'atrium_walk_key';
const WALK_COLUMN = 'atrium_walk_column';

export interface BatchRead {
  read: ReadQuery;
  size: number;
  onBatch: (records: EntityRecord[]) => Promise<void>;
}

/**
 * Every matching row in order, `size` at a time through a server-side cursor (exports), or
 * on PGlite by index walks when an index holds the list's order (see walkBatches), or on a
 * data source's table by pages (see pagedBatches): `onBatch` has each batch before the next is read.
 */
export async function forEachBatch(parts: ReaderParts, batches: BatchRead): Promise<void> {
  const { read, size, onBatch } = batches;
  const { model } = read;
  const { source } = parts;
  if (model.datasource) return pagedBatches(parts, batches);
  const walk = parts.kind === 'pglite' ? indexWalkOf(model, read.order) : undefined;
  if (walk) return walkBatches(parts, { ...batches, walk });
  const query = ordered(source.select({ db: source.db, dialect: 'postgres', read }).select(outputColumns(model)), read.order).compile();
  // The driver's rows are dropped as they are mapped (the helper keeps its array while onBatch runs).
  await forEachCursorBatch({ db: source.db, kind: parts.kind ?? 'postgres' }, query, size, (rows) => onBatch(rows.splice(0).map((r) => rowToRecord(model, r))));
}

/**
 * PGlite, a list in an order an index holds (its key, or a column then the key: see
 * index-walk.ts): each batch is one statement of its own, the next `size` rows past the
 * last one read in that order (no held cursor, whose declaration runs the whole query —
 * and in any other order sorts every row — in one blocking step on the embedded
 * database's only connection: 1.9 s at 1M rows in key order, 4–12 s by release time).
 * Rows are as each batch finds them, not one snapshot. A table not analyzed yet (PGlite
 * has no autovacuum; db/pglite-maintenance.ts analyzes within a minute of a bulk write)
 * makes the planner, expecting a few rows, read every row past the position through a
 * bitmap scan and sort them (2.1 s a batch at 1M rows): sorting and bitmap scans are off
 * for the statement, which then walks the index (ties of a mixed-direction order are put
 * in key order by an incremental sort, group by group).
 */
async function walkBatches(parts: ReaderParts, batches: BatchRead & { walk: IndexWalk }): Promise<void> {
  const { read, size, onBatch, walk } = batches;
  const { source } = parts;
  const order = walk.column ? [walk.column, walk.key] : [walk.key];
  const positionColumns = [sql<string>`${sql.ref(walk.key.column)}::text`.as(WALK_KEY), sql<string | null>`${walk.column ? sql`${sql.ref(walk.column.column)}::text` : sql`null`}`.as(WALK_COLUMN)];
  for (const nulls of walkGroups(walk)) {
    const position: WalkPosition = { nulls };
    for (;;) {
      // PGlite answers without a turn of the event loop: requests and file I/O get one here.
      await new Promise(setImmediate);
      const rows = await source.db.transaction().execute(async (trx) => {
        await sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`.execute(trx);
        const all = source.select({ db: trx, dialect: 'postgres', read }).select([...outputColumns(read.model), ...positionColumns]);
        const past = walkCondition(walk, position);
        return ordered(past ? all.where(past) : all, order).limit(size).execute();
      });
      const count = rows.length;
      if (count > 0) position.last = { key: String(rows[count - 1][WALK_KEY]), column: rows[count - 1][WALK_COLUMN] as string | null };
      if (count > 0) await onBatch(rows.splice(0).map((r) => rowToRecord(read.model, r)));
      if (count < size) break;
    }
  }
}

/**
 * A data source's table (x-datasource): one statement per batch on its own pool, the next
 * `size` rows by offset in the list's order with the key last, so ties keep one order
 * between statements. No held cursor: the pool is shared with the screen's requests, and
 * MySQL/MariaDB pools stream no cursors through Kysely. Rows are as each batch finds them.
 */
async function pagedBatches(parts: ReaderParts, batches: BatchRead): Promise<void> {
  const { read, size, onBatch } = batches;
  const key = keyFieldOf(read.model);
  const order = read.order.some((o) => o.column === key.column) ? read.order : [...read.order, { column: key.column, dir: 'asc' as const }];
  for (let offset = 0; ; offset += size) {
    const rows = await parts.source.run(read, (db, dialect) =>
      ordered(parts.source.select({ db, dialect, read }).select(outputColumns(read.model)), order).limit(size).offset(offset).execute());
    if (rows.length > 0) await onBatch(rows.map((r) => rowToRecord(read.model, r)));
    if (rows.length < size) return;
  }
}

import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Database, Db } from './database.js';

type Row = Record<string, unknown>;

/**
 * Reads the rows of `query` through a server-side cursor, `size` at a time, and hands each
 * batch to `onBatch` before the next is fetched: neither the result nor a batch list is
 * ever whole in memory. The reader holds no lock other statements wait on:
 * - PostgreSQL: a cursor in a read-only transaction on one pooled connection (a true
 *   stream; `onBatch` reads through the other connections of the pool);
 * - embedded PGlite (one connection, which a transaction would hold for the whole read):
 *   a `WITH HOLD` cursor declared outside any transaction, so each FETCH is a statement of
 *   its own and requests run between two batches (it yields to the event loop before each
 *   FETCH). PostgreSQL materialises such a cursor
 *   once at its declaration (spilling to disk beyond work_mem), not in our process.
 * `prepare` runs in the transaction that declares the cursor, before it (transaction-local
 * settings such as work_mem, which then apply to the query). `onBatch` may empty the array
 * it is given (to let the rows go as it maps them).
 */
export async function forEachCursorBatch(database: Pick<Database, 'db' | 'kind'>, query: CompiledQuery, size: number, onBatch: (rows: Row[]) => Promise<void>, opts: { prepare?: (db: Db) => Promise<void> } = {}): Promise<void> {
  const name = `rows_${randomBytes(6).toString('hex')}`;
  const declare = (hold: string) => CompiledQuery.raw(`declare ${name} no scroll cursor ${hold} for ${query.sql}`, [...query.parameters]);
  const fetch = CompiledQuery.raw(`fetch ${size} from ${name}`);
  const drain = async (run: (q: CompiledQuery) => Promise<{ rows: Row[] }>) => {
    for (;;) {
      const { rows } = await run(fetch);
      const count = rows.length;
      if (count > 0) await onBatch(rows);
      if (count < size) break;
    }
  };
  if (database.kind === 'postgres') {
    await database.db.transaction().setAccessMode('read only').execute(async (trx) => {
      await opts.prepare?.(trx);
      await trx.executeQuery(declare(''));
      await drain((q) => trx.executeQuery<Row>(q));
      await trx.executeQuery(CompiledQuery.raw(`close ${name}`));
    });
    return;
  }
  if (opts.prepare) {
    // The query runs when this transaction commits (a holdable cursor is materialised then), under its settings.
    await database.db.transaction().execute(async (trx) => {
      await opts.prepare!(trx);
      await trx.executeQuery(declare('with hold'));
    });
  } else {
    await database.db.executeQuery(declare('with hold'));
  }
  try {
    await drain(async (q) => {
      // PGlite answers without a turn of the event loop: unyielded, a whole export would run as
      // one chain of microtasks, with no request served and no file or compressor I/O done.
      await new Promise(setImmediate);
      return database.db.executeQuery<Row>(q);
    });
  } finally {
    await database.db.executeQuery(CompiledQuery.raw(`close ${name}`)).catch(() => undefined);
  }
}

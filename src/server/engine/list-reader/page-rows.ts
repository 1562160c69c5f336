import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import { outputColumns, type Row } from '../record-codec.js';
import { ordered } from '../row-source.js';
import { readByKeys } from './key-read.js';
import { listKeyOf } from './list-key.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';

/** From this offset on, pages are found through the primary key index first. */
export const DEFERRED_JOIN_OFFSET = 500;

/**
 * A page's rows read by its offset. `few`: its matches are few (see FEW_MATCHES), read the
 * cheapest way and sorted; deep offsets find their keys through the key index first.
 */
export function pageRows(parts: ReaderParts, opts: { read: ReadQuery; offset: number; size: number; few?: boolean }): Promise<Row[]> {
  const { read, offset, size, few = false } = opts;
  const { source } = parts;
  const { model, order } = read;
  const pk = keyFieldOf(model).column;
  return source.run(read, async (db, dialect) => {
    if (few && dialect === 'postgres') {
      // `offset 0` keeps the matches a subquery of its own: PostgreSQL reads them the cheapest way, then sorts.
      const matches = source.select({ db, dialect, read }).select(outputColumns(model)).offset(0);
      return ordered(db.selectFrom(matches.as('atrium_matches')).selectAll(), order).limit(size).offset(offset).execute();
    }
    if (offset < DEFERRED_JOIN_OFFSET || dialect === 'mysql') {
      return ordered(source.select({ db, dialect, read }).select(outputColumns(model)), order).limit(size).offset(offset).execute();
    }
    const keys = ordered(source.select({ db, dialect, read }).select(pk), order).limit(size).offset(offset);
    return ordered(db.selectFrom(model.table).select(outputColumns(model)).where(pk, 'in', keys), order).execute();
  });
}

/** The rows of kept keys, in the list's order; a row changed meanwhile so that it no longer matches is left out. */
export function rowsOfKeys(parts: ReaderParts, opts: { read: ReadQuery; keys: string[]; near?: string[] }): Promise<Row[]> {
  const { read, keys, near } = opts;
  const readKeys = (wanted: string[]) => readRowsOfKeys(parts, { read, keys: wanted });
  if (!parts.keptRows || read.model.datasource) return readKeys(keys);
  return parts.keptRows.of(read.model.table, listKeyOf(read), read.model, keyFieldOf(read.model).column, keys, readKeys, near);
}

function readRowsOfKeys(parts: ReaderParts, opts: { read: ReadQuery; keys: string[] }): Promise<Row[]> {
  const { read, keys } = opts;
  const { source } = parts;
  const { model, ctx } = read;
  if (keys.length === 0) return Promise.resolve([]);
  // Without filters or a data scope (an unfiltered list of a caller without data scope): the statement compiled once (key-read.ts).
  if (read.conditions.length === 0 && read.scope === undefined && !model.datasource) {
    return source.run(read, (db) => readByKeys(db, model, read.order, ctx.tenantId, keys));
  }
  const pk = keyFieldOf(model).column;
  return source.run(read, (db, dialect) => ordered(source.select({ db, dialect, read, keyed: true }).select(outputColumns(model)).where(pk, 'in', keys), read.order).execute());
}

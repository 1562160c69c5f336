import { outputColumns, type Row } from '../record-codec.js';
import { ordered } from '../row-source.js';
import { keysAt } from './key-window.js';
import { keyOrderOf, listKeyOf } from './list-key.js';
import { DEFERRED_JOIN_OFFSET, pageRows, rowsOfKeys } from './page-rows.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';
import { rowMatcher } from './row-matcher.js';

/**
 * A page past the first ones: from the nearest PageAnchors anchor when the list is in key
 * order and its filter can follow writes (few matches are read through the filter instead).
 */
export async function deepPage(parts: ReaderParts, opts: { read: ReadQuery; offset: number; size: number; few: boolean }): Promise<Row[]> {
  const { read, offset, size, few } = opts;
  const { source } = parts;
  const key = keyOrderOf(read);
  if (!parts.pageAnchors || !key || few || offset < DEFERRED_JOIN_OFFSET) return pageRows(parts, opts);
  const at = await parts.pageAnchors.locate(read.model.table, listKeyOf(read), offset, size, {
    pk: key.pk, desc: key.desc, match: rowMatcher(read.model, read.ctx.tenantId, read.conditions, read.scope),
    keysAt: (from, limit) => keysAt(parts, { read, offset: from, limit, few: false }),
  });
  if (!at) return pageRows(parts, opts);
  if ('keys' in at) return rowsOfKeys(parts, { read, keys: at.keys, near: at.near });
  return source.run(read, (db, dialect) =>
    ordered(source.select({ db, dialect, read }).select(outputColumns(read.model)).where(key.pk, key.desc ? '<=' : '>=', at.from), read.order)
      .limit(size).offset(at.skip).execute());
}

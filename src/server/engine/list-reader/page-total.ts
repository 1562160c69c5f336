import { sql } from 'kysely';
import { cacheTable } from '../transaction-writes.js';
import type { Counted } from './count-cache.js';
import { listKeyOf } from './list-key.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';
import { rowMatcher } from './row-matcher.js';

/** A list's exact total, cached by the count cache (see CountCache) and counted with the snapshot it saw. */
export function pageTotal(parts: ReaderParts, read: Omit<ReadQuery, 'order'>): Promise<number> {
  const { model, ctx, conditions, scope } = read;
  const { source, counts } = parts;
  const key = listKeyOf(read);
  if (model.datasource) return counts.total(cacheTable(model), key, async () => ({ n: await source.count(read) }));
  const counted = async (): Promise<Counted> => {
    const row = await source.run(read, (db, dialect) =>
      source.select({ db, dialect, read }).select([sql<number>`count(*)`.as('n'), sql<string>`pg_current_snapshot()::text`.as('s')]).executeTakeFirst());
    return { n: Number(row?.n ?? 0), snapshot: row?.s };
  };
  return counts.total(model.table, key, counted, rowMatcher(model, ctx.tenantId, conditions, scope));
}

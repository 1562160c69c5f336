import { sql } from 'kysely';
import { ordered } from '../row-source.js';
import { keyOrderOf } from './list-key.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';

/**
 * Up to `limit` keys of a key-ordered list from `offset` on, in its order, with the snapshot
 * of the read. `few`: the list's matches are few, read through the filter's own index and sorted.
 */
export async function keysAt(parts: ReaderParts, opts: { read: ReadQuery; offset: number; limit: number; few: boolean }): Promise<{ keys: string[]; snapshot: string }> {
  const { read, offset, limit, few } = opts;
  const { source } = parts;
  const { pk, dir } = keyOrderOf(read)!;
  const row = await source.run(read, (db, dialect) => {
    const all = source.select({ db, dialect, read }).select(sql.ref(pk).as('k'));
    const matches = few ? db.selectFrom(all.offset(0).as('atrium_matches')).select('k').orderBy('k', dir) : ordered(all, read.order);
    return db.selectFrom(matches.limit(limit).offset(offset).as('atrium_keys'))
      .select([sql<string>`coalesce(string_agg(k::text, ',' order by k ${sql.raw(dir)}), '')`.as('keys'), sql<string>`pg_current_snapshot()::text`.as('s')]).executeTakeFirst();
  });
  return { keys: row?.keys ? String(row.keys).split(',') : [], snapshot: String(row?.s) };
}

import { sql } from 'kysely';
import { fieldOf, keyFieldOf } from '../../../shared/schema/entity-model.js';
import { outputColumns, rowToRecord, type EntityRecord } from '../record-codec.js';
import { LIST_LIMIT, ordered, type RowSource } from '../row-source.js';
import type { ReadQuery } from './read-query.js';

/** Direct children of a parent (the query's conditions name it), each with `hasChildren`. */
export async function childrenOf(source: RowSource, read: ReadQuery): Promise<(EntityRecord & { hasChildren: boolean })[]> {
  const { model } = read;
  const parentColumn = fieldOf(model, model.tree!.parentField)!.column;
  const pk = keyFieldOf(model).column;
  const t = model.table;
  const childLive = model.logicalDelete ? sql` and c.is_deleted = 0` : sql``;
  const hasChildren = sql<boolean>`exists (select 1 from ${sql.table(t)} c where c.${sql.ref(parentColumn)} = ${sql.table(t)}.${sql.ref(pk)}${childLive})`;
  const rows = await source.run(read, (db, dialect) =>
    ordered(source.select({ db, dialect, read }).select([...outputColumns(model), hasChildren.as('has_children')]), read.order).limit(LIST_LIMIT).execute());
  return rows.map((r) => ({ ...rowToRecord(model, r), hasChildren: Boolean(r.has_children) }));
}

/** Keys among `keys` that have at least one live child matching the query's conditions. */
export async function parentsWithChildren(source: RowSource, read: Omit<ReadQuery, 'order' | 'scope'> & { keys: string[] }): Promise<Set<string>> {
  const { model, keys } = read;
  if (keys.length === 0) return new Set();
  const parent = fieldOf(model, model.tree!.parentField)!.column;
  const rows = await source.run(read, (db, dialect) =>
    source.select({ db, dialect, read }).select(parent).distinct().where(parent, 'in', keys).execute());
  return new Set(rows.map((r) => String(r[parent])));
}

import { sql, type Expression, type SqlBool } from 'kysely';
import { fieldOf, keyFieldOf, type EntityModel } from '../../../shared/schema/entity-model.js';
import type { OrderBy } from './paging.js';

/**
 * A list order that a b-tree index holds: the key alone, or one column then the key (a
 * list's order always ends with its key, which makes it total; columns after the key change
 * nothing). `column` is walked only when an index of the model has it followed by the key
 * (after the tenant on tenant tables), so ties and the column's empty values (a group of
 * their own) are in key order in the index too.
 */
export interface IndexWalk {
  key: OrderBy;
  column?: OrderBy;
}

/** The walk of `order`, or undefined when no index holds it (the rows must then be sorted). */
export function indexWalkOf(model: EntityModel, order: OrderBy[]): IndexWalk | undefined {
  const key = keyFieldOf(model).column;
  const at = order.findIndex((o) => o.column === key);
  if (at < 0 || at > 1) return undefined;
  if (at === 0) return { key: order[0] };
  const column = order[0];
  const tenant = model.tenancy === 'tenant' ? fieldOf(model, 'tenantId')?.column : undefined;
  const held = model.indexes.some((fields) => {
    const columns = fields.map((name) => fieldOf(model, name)?.column);
    const start = columns[0] === tenant && tenant !== undefined ? 1 : 0;
    return columns[start] === column.column && columns[start + 1] === key;
  });
  return held ? { key: order[1], column } : undefined;
}

/** Where the walk is: the group (the column's values, then or before its empty ones) and the last row read, as text. */
export interface WalkPosition {
  /** Reading the rows whose column is empty (null). */
  nulls: boolean;
  last?: { key: string; column: string | null };
}

/**
 * The groups of a walk in the list's order: ascending puts a column's nulls last,
 * descending first (PostgreSQL's defaults). The key alone is one group.
 */
export function walkGroups(walk: IndexWalk): boolean[] {
  if (!walk.column) return [false];
  return walk.column.dir === 'asc' ? [false, true] : [true, false];
}

const after = (dir: 'asc' | 'desc') => sql.raw(dir === 'asc' ? '>' : '<');
const notBefore = (dir: 'asc' | 'desc') => sql.raw(dir === 'asc' ? '>=' : '<=');

/**
 * The condition of the rows after `position` within its group. Parameters are text: the
 * database reads them as the column's type, so a timestamp or a bigint goes back exactly
 * as it came. Same directions compare as a row (one index condition); mixed ones bound the
 * column (the index condition) and order the key within the ties.
 */
export function walkCondition(walk: IndexWalk, position: WalkPosition): Expression<SqlBool> | undefined {
  const { key, column } = walk;
  const k = sql.ref(key.column);
  if (!column) return position.last ? sql<SqlBool>`${k} ${after(key.dir)} ${position.last.key}` : undefined;
  const c = sql.ref(column.column);
  if (position.nulls) {
    return position.last ? sql<SqlBool>`${c} is null and ${k} ${after(key.dir)} ${position.last.key}` : sql<SqlBool>`${c} is null`;
  }
  const last = position.last;
  if (!last) return sql<SqlBool>`${c} is not null`;
  if (column.dir === key.dir) return sql<SqlBool>`${c} is not null and (${c}, ${k}) ${after(key.dir)} (${last.column}, ${last.key})`;
  return sql<SqlBool>`${c} ${notBefore(column.dir)} ${last.column} and (${c} ${after(column.dir)} ${last.column} or (${c} = ${last.column} and ${k} ${after(key.dir)} ${last.key}))`;
}

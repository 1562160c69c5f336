import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { fieldOf, type EntityModel, type FieldModel, type FilterOp } from '../../shared/schema/entity-model.js';
import type { SearchRoute } from '../db/row-security-search.js';
import type { SqlDialect } from '../db/external-connection.js';
import { invalidParam, isDateText, isDecimalText, isIdText, isInt4Text, singleText } from './input-rules.js';

/** SQL spoken by the connection: ours and PostgreSQL data sources, or MySQL/MariaDB ones (x-datasource). */
export type Dialect = SqlDialect;

/** One predicate on a declared field; values are always bound parameters. */
export interface Condition {
  field: FieldModel;
  /** The URL operators, plus `in` (value: an array) for policies built on the server. */
  op: FilterOp | 'in';
  value?: unknown;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const DATE_TYPES = new Set(['date', 'datetime']);

/** Whether text is a value PostgreSQL accepts for the field's column type. */
function fitsColumn(field: FieldModel, text: string): boolean {
  switch (field.type) {
    case 'id': return isIdText(text, { negative: true });
    case 'integer': return isInt4Text(text);
    case 'number': return isDecimalText(text);
    case 'date':
    case 'datetime': return isDateText(text);
    default: return true;
  }
}

/**
 * Checks and converts a filter value to the field's type. Anything PostgreSQL would
 * reject for the column (a non-date, a date operator on a number, an out-of-range
 * number) is a 400 naming the field.
 */
export function coerceValue(field: FieldModel, op: FilterOp | 'in', raw: unknown): unknown {
  const text = singleText(field.name, raw);
  if (op.startsWith('date')) {
    if (!DATE_TYPES.has(field.type) || !isDateText(text)) throw invalidParam(field.name);
    return text;
  }
  if (op.includes('like')) return text;
  if (field.type === 'boolean') return text === 'true' || text === '1';
  if (!fitsColumn(field, text)) throw invalidParam(field.name);
  return text;
}

/**
 * `column like pattern`; under row security, on a column with a trigram index (`route`),
 * through `atrium_search_ids` so that it keeps the index (db/row-security-search.ts). The
 * keys are taken as an array, which PostgreSQL computes once (an InitPlan) whatever it
 * thinks of the table: as `key in (select …)` a table not yet analyzed (a bulk import just
 * written) got a nested-loop semi join matching every row against every found key — 178 s
 * for a search matching 20k rows, 58 ms as an array.
 */
export function likeSearch(column: string, pattern: string, route?: SearchRoute, target: Expression<unknown> = sql.ref(column)): Expression<SqlBool> {
  return route?.columns.has(column)
    ? sql<SqlBool>`${sql.ref(route.key)} = any(array(select atrium_search_ids(${route.table}::regclass, ${route.key}, ${column}, ${pattern})))`
    : sql<SqlBool>`${target} like ${pattern}`;
}

/* MySQL has no `cast(… as text)` nor `as timestamp`: char and datetime there. */
function likeTarget(column: string, field: FieldModel, dialect: Dialect) {
  if (field.type === 'string') return sql.ref(column);
  return dialect === 'mysql' ? sql`cast(${sql.ref(column)} as char)` : sql`cast(${sql.ref(column)} as text)`;
}

function predicate(c: Condition, column: string, dialect: Dialect, route?: SearchRoute): Expression<SqlBool> {
  const ref = sql.ref(column);
  const v = c.value;
  const likeOf = (col: string, f: FieldModel) => likeTarget(col, f, dialect);
  const time = (value: unknown) => (dialect === 'mysql' ? sql`cast(${value} as datetime)` : sql`cast(${value} as timestamp)`);
  const like = (pattern: string) => likeSearch(column, pattern, route, likeOf(column, c.field));
  switch (c.op) {
    case 'like': return like(`%${escapeLike(String(v))}%`);
    case 'notlike': return sql<SqlBool>`${likeOf(column, c.field)} not like ${`%${escapeLike(String(v))}%`}`;
    case 'likeleft': return like(`%${escapeLike(String(v))}`);
    case 'likeright': return like(`${escapeLike(String(v))}%`);
    case 'equal': return sql<SqlBool>`${ref} = ${v}`;
    case 'notequal': return sql<SqlBool>`${ref} <> ${v}`;
    case 'gt': return sql<SqlBool>`${ref} > ${v}`;
    case 'ge': return sql<SqlBool>`${ref} >= ${v}`;
    case 'lt': return sql<SqlBool>`${ref} < ${v}`;
    case 'le': return sql<SqlBool>`${ref} <= ${v}`;
    case 'datege': return sql<SqlBool>`${ref} >= ${time(v)}`;
    case 'dategt': return sql<SqlBool>`${ref} > ${time(v)}`;
    case 'dateequal': return sql<SqlBool>`cast(${ref} as date) = cast(${v} as date)`;
    case 'datelt': return sql<SqlBool>`${ref} < ${time(v)}`;
    case 'datele': return sql<SqlBool>`${ref} <= ${time(v)}`;
    case 'null': return sql<SqlBool>`${ref} is null`;
    case 'notnull': return sql<SqlBool>`${ref} is not null`;
    case 'in': {
      const values = (v as unknown[]) ?? [];
      return values.length ? sql<SqlBool>`${ref} in (${sql.join(values)})` : sql<SqlBool>`false`;
    }
  }
}

/** A union of AND-groups (a data scope); an empty union matches nothing. */
export function anyOf(eb: ExpressionBuilder<any, any>, groups: Condition[][], dialect: Dialect = 'postgres', route?: SearchRoute): Expression<SqlBool> {
  if (groups.length === 0) return sql<SqlBool>`false`;
  return eb.or(groups.map((g) => (g.length ? whereAll(eb, g, dialect, route) : sql<SqlBool>`true`)));
}

/** Applies conditions to a query builder (AND). */
export function whereAll(eb: ExpressionBuilder<any, any>, conditions: Condition[], dialect: Dialect = 'postgres', route?: SearchRoute): Expression<SqlBool> {
  return eb.and(conditions.map((c) => predicate(c, c.field.column, dialect, route)));
}

/**
 * Stable text of a condition list, for cache keys. JSON, so that no value (a filter anyone
 * may type, a custom data scope's) can make two different lists one key by holding the
 * separators: a list key names rows one caller may see and another may not.
 */
export function conditionsKey(conditions: Condition[]): string {
  return conditions.length === 0 ? '' : JSON.stringify(conditions.map((c) => [c.field.column, c.op, c.value ?? '']), (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
}

export function fieldNamed(model: EntityModel, name: string): FieldModel | undefined {
  const field = fieldOf(model, name);
  return field?.secret ? undefined : field;
}

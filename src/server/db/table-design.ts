import { fieldOf, monthKeyOf } from '../../shared/schema/entity-model.js';
import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';

/**
 * The table a schema asks for, as SQL: column types and definitions, index names and
 * statements. sync-tables creates it; drift compares the database with it.
 * Identifiers come from normalized models whose names the meta-schema checked
 * against ^[a-z][a-z0-9_]*$, never from a request.
 */

export function sqlType(field: FieldModel): string {
  switch (field.type) {
    case 'id': return 'bigint';
    case 'integer': return 'integer';
    case 'number': return 'numeric';
    case 'boolean': return 'boolean';
    case 'datetime': return 'timestamp(0)';
    case 'date': return 'date';
    default: return field.maxLength && field.maxLength <= 10000 ? `varchar(${field.maxLength})` : 'text';
  }
}

export function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The default a column is created with (tenant and base columns), else undefined. */
export function columnDefault(field: FieldModel): string | undefined {
  if (field.columnDefault !== undefined) return field.type === 'datetime' && field.columnDefault === 'now' ? 'localtimestamp(0)' : literal(field.columnDefault);
  if (field.name === 'tenantId') return "'000000'";
  if (field.isBase && field.defaultValue !== undefined) return literal(field.defaultValue);
  return undefined;
}

/** Whether the engine creates the column `not null` (primary key, tenant, base columns with a default). */
export function isNotNull(model: EntityModel, field: FieldModel): boolean {
  return field.name === model.primaryKey || columnDefault(field) !== undefined;
}

export function columnDef(model: EntityModel, field: FieldModel): string {
  let def = `"${field.column}" ${sqlType(field)}`;
  if (field.name === model.primaryKey) def += ' primary key';
  const dflt = columnDefault(field);
  if (dflt !== undefined) def += ` not null default ${dflt}`;
  return def;
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

export function indexName(table: string, columns: string[], prefix: string): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  return name.length <= 63 ? name : `${prefix}_${table}_${Math.abs(hash(name))}`;
}

/** Prefixes of the indexes the engine names (unique, b-tree, trigram). */
export const ENGINE_INDEX_PREFIXES = ['uq', 'ix', 'tg'] as const;

function columnsOf(model: EntityModel, names: string[]): string[] {
  return names.map((n) => fieldOf(model, n)!.column);
}

/**
 * The month of a date column, as an index key (`month(field)`) holds it: a stored generated
 * column, `month_of_<column>` (a date, the 1st of the month), so a report's condition on the
 * month is a plain date comparison. Under row-level security the planner uses a condition as
 * an index condition only when it is leakproof, which `date_trunc` is not (docs/decisions/0034-stored-month-column.md).
 */
export const monthColumnOf = (column: string) => `month_of_${column}`;

/** Columns the engine adds beyond the fields: the stored months its covering indexes key by. */
export function derivedColumns(model: EntityModel): { column: string; type: string; def: string }[] {
  const dates = new Set(model.coveringIndexes.flatMap((ix) => ix.fields.flatMap((f) => { const m = monthKeyOf(f); return m ? [fieldOf(model, m)!.column] : []; })));
  return [...dates].map((date) => ({
    column: monthColumnOf(date), type: 'date',
    def: `"${monthColumnOf(date)}" date generated always as (date_trunc('month', "${date}"::timestamp)::date) stored`,
  }));
}

/** `create table` of the model: its fields, then the derived columns. */
export function createTableSql(model: EntityModel): string {
  const defs = [...model.fields.map((f) => columnDef(model, f)), ...derivedColumns(model).map((c) => c.def)];
  return `create table if not exists "${model.table}" (${defs.join(', ')})`;
}

export interface IndexDesign {
  name: string;
  /** `create index if not exists …` */
  create: string;
  trigram: boolean;
}

/** The name of the unique index of `key` (a unique violation names it as its constraint). */
export function uniqueIndexName(model: EntityModel, key: EntityModel['unique'][number]): string {
  const scope = model.tenancy === 'tenant' ? ['tenant_id'] : [];
  return indexName(model.table, [...scope, ...columnsOf(model, key.fields)], 'uq');
}

export function indexDesigns(model: EntityModel): IndexDesign[] {
  const t = model.table;
  const scope = model.tenancy === 'tenant' ? ['tenant_id'] : [];
  const live = model.logicalDelete ? ' where is_deleted = 0' : '';
  const quoted = (cols: string[]) => cols.map((c) => `"${c}"`).join(', ');
  const out: IndexDesign[] = [];
  for (const u of model.unique) {
    const cols = [...scope, ...columnsOf(model, u.fields)];
    const name = uniqueIndexName(model, u);
    out.push({ name, trigram: false, create: `create unique index if not exists "${name}" on "${t}" (${quoted(cols)})${live}` });
  }
  const plain = [...model.indexes.map((ix) => columnsOf(model, ix))];
  if (model.tree) plain.push(columnsOf(model, [model.tree.parentField]));
  if (scope.length && model.generatedId) plain.push([...scope, 'id']);
  for (const cols of plain) {
    const name = indexName(t, cols, 'ix');
    out.push({ name, trigram: false, create: `create index if not exists "${name}" on "${t}" (${quoted(cols)})` });
  }
  for (const ix of model.coveringIndexes) {
    const keys = ix.fields.map((f) => {
      const month = monthKeyOf(f);
      const column = columnsOf(model, [month ?? f])[0];
      return month ? { name: monthColumnOf(column), sql: `"${monthColumnOf(column)}"`, date: column } : { name: column, sql: `"${column}"` };
    });
    // A month key needs its date in the leaves too: the range filter is on the day.
    const included = columnsOf(model, ix.include);
    const dates = keys.flatMap((k) => (k.date && !included.includes(k.date) ? [k.date] : []));
    const carried = [...(model.logicalDelete ? ['is_deleted'] : []), ...dates, ...included];
    const name = indexName(t, [...scope, ...keys.map((k) => k.name), 'cover'], 'ix');
    const keySql = [...scope.map((c) => `"${c}"`), ...keys.map((k) => k.sql)].join(', ');
    out.push({ name, trigram: false, create: `create index if not exists "${name}" on "${t}" (${keySql}) include (${quoted(carried)})` });
  }
  for (const col of columnsOf(model, model.trigramIndexes)) {
    const name = indexName(t, [col], 'tg');
    out.push({ name, trigram: true, create: `create index if not exists "${name}" on "${t}" using gin ("${col}" gin_trgm_ops)` });
  }
  return out;
}

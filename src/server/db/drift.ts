import { sql } from 'kysely';
import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { columnDef, columnDefault, createTableSql, derivedColumns, ENGINE_INDEX_PREFIXES, indexDesigns, isNotNull, sqlType, type IndexDesign } from './table-design.js';

export type DriftKind =
  | 'table-missing' | 'column-missing' | 'type' | 'length' | 'nullability' | 'column-extra' | 'index-missing' | 'index-extra';

/** One difference between a schema file and its table: what differs and the SQL that fixes it. */
export interface DriftItem {
  /** Schema file, as in messages (`schemas/system/param.json`). */
  source: string;
  /** Model key (`system/param`). */
  model: string;
  table: string;
  kind: DriftKind;
  field?: string;
  column?: string;
  index?: string;
  /** What the schema asks for / what the database has (SQL types, `null`/`not null`). */
  expected?: string;
  actual?: string;
  /** Statements that make the table match the schema (db:migrate runs them). */
  fix: string[];
  /** The fix may lose data (a narrower type or length, a dropped column); db:migrate checks the rows. */
  mayLoseData: boolean;
}

export interface ActualColumn {
  name: string;
  /** As sqlType() writes it: varchar(64), integer, timestamp(0)… */
  type: string;
  nullable: boolean;
}

function columnType(row: { data_type: string; character_maximum_length: number | string | null }): string {
  switch (row.data_type) {
    case 'character varying': return row.character_maximum_length ? `varchar(${row.character_maximum_length})` : 'text';
    case 'timestamp without time zone': return 'timestamp(0)';
    case 'character': return `char(${row.character_maximum_length})`;
    default: return row.data_type;
  }
}

/** Columns of the tables of the current schema, by table. */
export async function readColumns(db: Db, tables: string[]): Promise<Map<string, ActualColumn[]>> {
  const out = new Map<string, ActualColumn[]>();
  if (tables.length === 0) return out;
  const rows = await sql<{ table_name: string; column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>`
    select table_name, column_name, data_type, character_maximum_length, is_nullable
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})
    order by table_name, ordinal_position`.execute(db);
  for (const r of rows.rows) {
    const list = out.get(r.table_name) ?? [];
    list.push({ name: r.column_name, type: columnType(r), nullable: r.is_nullable === 'YES' });
    out.set(r.table_name, list);
  }
  return out;
}

/** Index names of the tables of the current schema, by table. */
export async function readIndexes(db: Db, tables: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (tables.length === 0) return out;
  const rows = await sql<{ tablename: string; indexname: string }>`
    select tablename, indexname from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(tables)})`.execute(db);
  for (const r of rows.rows) out.set(r.tablename, [...(out.get(r.tablename) ?? []), r.indexname]);
  return out;
}

const baseType = (type: string) => type.replace(/\(.*$/, '');
const lengthOf = (type: string) => Number(/\((\d+)\)/.exec(type)?.[1] ?? Infinity);

/** Widenings every value survives; any other change of type may lose data. */
export function isWidening(from: string, to: string): boolean {
  if (to === 'text') return true;
  if (baseType(from) === 'varchar' && baseType(to) === 'varchar') return lengthOf(to) >= lengthOf(from);
  const wider: Record<string, string[]> = { integer: ['bigint', 'numeric'], bigint: ['numeric'], smallint: ['integer', 'bigint', 'numeric'], date: ['timestamp(0)'] };
  return (wider[from] ?? []).includes(to);
}

const q = (name: string) => `"${name}"`;

/** SQL text of the column's value. Boolean reads as 0/1 so it converts to a number. */
export function textOf(column: string, from: string): string {
  return from === 'boolean' ? `${q(column)}::int::text` : `${q(column)}::text`;
}

/** A predicate: the non-null value (as text `v`) converts to `type` without loss. */
export function fitsPredicate(v: string, type: string): string {
  const int = (digits: number, lo: string, hi: string) =>
    `(case when ${v} ~ '^\\s*[+-]?\\d{1,${digits}}\\s*$' then trim(${v})::numeric between ${lo} and ${hi} else false end)`;
  switch (baseType(type)) {
    case 'text': return 'true';
    case 'varchar': return `char_length(${v}) <= ${lengthOf(type)}`;
    case 'integer': return int(10, '-2147483648', '2147483647');
    case 'bigint': return int(19, '-9223372036854775808', '9223372036854775807');
    case 'numeric': return `${v} ~ '^\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?\\s*$'`;
    case 'boolean': return `lower(trim(${v})) in ('t','f','true','false','1','0','y','n','yes','no','on','off')`;
    case 'date': return `${v} ~ '^\\d{4}-\\d{2}-\\d{2}$'`;
    case 'timestamp': return `${v} ~ '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$'`;
    default: return 'false';
  }
}

/** `alter column … type` whose USING keeps what fits; what does not becomes null (or is cut to the length). */
export function alterTypeSql(table: string, column: string, from: string, to: string): string {
  const v = textOf(column, from);
  const fallback = baseType(to) === 'varchar' ? `left(${v}, ${lengthOf(to)})` : 'null';
  const numeric = ['integer', 'bigint', 'numeric', 'boolean'].includes(baseType(to));
  const convert = `${numeric ? `trim(${v})` : v}::${to}`;
  return `alter table ${q(table)} alter column ${q(column)} type ${to} using case when ${q(column)} is null then null when ${fitsPredicate(v, to)} then ${convert} else ${fallback} end`;
}

function fieldItem(model: EntityModel, field: FieldModel, kind: DriftKind, rest: Partial<DriftItem> & { fix: string[] }): DriftItem {
  return { source: model.source, model: model.key, table: model.table, kind, field: field.name, column: field.column, mayLoseData: false, ...rest };
}

function columnDrift(model: EntityModel, field: FieldModel, actual: ActualColumn): DriftItem[] {
  const out: DriftItem[] = [];
  const t = model.table;
  const want = sqlType(field);
  if (want !== actual.type) {
    const kind = baseType(want) === baseType(actual.type) ? 'length' : 'type';
    out.push(fieldItem(model, field, kind, {
      expected: want, actual: actual.type, mayLoseData: !isWidening(actual.type, want),
      fix: [alterTypeSql(t, field.column, actual.type, want)],
    }));
  }
  const notNull = isNotNull(model, field);
  if (notNull && actual.nullable) {
    const dflt = columnDefault(field);
    const fill = dflt === undefined ? [] : [`update ${q(t)} set ${q(field.column)} = ${dflt} where ${q(field.column)} is null`];
    out.push(fieldItem(model, field, 'nullability', { expected: 'not null', actual: 'null', fix: [...fill, `alter table ${q(t)} alter column ${q(field.column)} set not null`] }));
  } else if (!notNull && !actual.nullable && !model.required.includes(field.name)) {
    out.push(fieldItem(model, field, 'nullability', { expected: 'null', actual: 'not null', fix: [`alter table ${q(t)} alter column ${q(field.column)} drop not null`] }));
  }
  return out;
}

const trigramExtension = (designs: IndexDesign[]) => (designs.some((ix) => ix.trigram) ? ['create extension if not exists pg_trgm'] : []);

function tableDrift(model: EntityModel, columns: ActualColumn[] | undefined, indexes: string[], claimed: Set<string>): DriftItem[] {
  const base = { source: model.source, model: model.key, table: model.table, mayLoseData: false };
  const designs = indexDesigns(model);
  if (!columns) {
    return [{ ...base, kind: 'table-missing', fix: [...trigramExtension(designs), createTableSql(model), ...designs.map((ix) => ix.create)] }];
  }
  const out: DriftItem[] = [];
  const byName = new Map(columns.map((c) => [c.name, c]));
  for (const field of model.fields) {
    const actual = byName.get(field.column);
    if (!actual) out.push(fieldItem(model, field, 'column-missing', { expected: sqlType(field), fix: [`alter table ${q(model.table)} add column if not exists ${columnDef(model, field)}`] }));
    else out.push(...columnDrift(model, field, actual));
  }
  for (const derived of derivedColumns(model)) {
    if (!byName.has(derived.column)) out.push({ ...base, kind: 'column-missing', column: derived.column, expected: derived.type, fix: [`alter table ${q(model.table)} add column if not exists ${derived.def}`] });
  }
  for (const c of columns) {
    if (claimed.has(c.name)) continue;
    out.push({ ...base, kind: 'column-extra', column: c.name, actual: c.nullable ? c.type : `${c.type} not null`, mayLoseData: true, fix: [`alter table ${q(model.table)} drop column ${q(c.name)}`] });
  }
  for (const ix of designs) {
    if (!indexes.includes(ix.name)) out.push({ ...base, kind: 'index-missing', index: ix.name, fix: [...trigramExtension([ix]), ix.create] });
  }
  const designed = new Set(designs.map((ix) => ix.name));
  for (const name of indexes) {
    const ours = ENGINE_INDEX_PREFIXES.some((p) => name.startsWith(`${p}_${model.table}_`));
    if (ours && !designed.has(name)) out.push({ ...base, kind: 'index-extra', index: name, fix: [`drop index if exists ${q(name)}`] });
  }
  return out;
}

/** Every difference between the schemas and their tables. Entities of other data sources are left out. */
/** Columns and index names of tables, by table, as the catalogue answered. */
export interface Catalogue {
  columns: Map<string, ActualColumn[]>;
  indexes: Map<string, string[]>;
}

export async function readCatalogue(db: Db, tables: string[]): Promise<Catalogue> {
  const [columns, indexes] = await Promise.all([readColumns(db, tables), readIndexes(db, tables)]);
  return { columns, indexes };
}

/** `known`: the catalogue already read for these models' tables (syncTables' read when it changed nothing). */
export async function detectDrift(db: Db, models: EntityModel[], known?: Catalogue): Promise<DriftItem[]> {
  const local = models.filter((m) => !m.datasource);
  const tables = [...new Set(local.map((m) => m.table))];
  const { columns, indexes } = known ?? await readCatalogue(db, tables);
  const claimed = new Map<string, Set<string>>();
  for (const m of local) for (const c of [...m.fields, ...derivedColumns(m)]) claimed.set(m.table, (claimed.get(m.table) ?? new Set()).add(c.column));
  const out: DriftItem[] = [];
  const reported = new Set<string>();
  for (const model of local) {
    for (const item of tableDrift(model, columns.get(model.table), indexes.get(model.table) ?? [], claimed.get(model.table)!)) {
      // Two schemas on one table report a stray column or index once.
      const key = `${item.table}|${item.kind}|${item.column ?? ''}|${item.index ?? ''}|${item.field ?? ''}`;
      if (!reported.has(key)) out.push(item);
      reported.add(key);
    }
  }
  return out;
}

/** One line per item: file, field, what differs, what fixes it. */
export function describeDrift(item: DriftItem): string {
  return `${driftText(item)}; fix: ${item.fix.join('; ')}${item.mayLoseData ? ' (may lose data)' : ''}`;
}

/** File, field and what differs. */
export function driftText(item: DriftItem): string {
  const where = item.field ? `${item.source} ${item.field} (${item.table}.${item.column})` : item.column ? `${item.source} (${item.table}.${item.column})` : `${item.source} (${item.table})`;
  const what: Record<DriftKind, string> = {
    'table-missing': 'the table does not exist',
    'column-missing': `the column does not exist (schema: ${item.expected})`,
    type: `column type is ${item.actual}, the schema says ${item.expected}`,
    length: `column is ${item.actual}, the schema says ${item.expected}`,
    nullability: `column is ${item.actual}, the schema says ${item.expected}`,
    'column-extra': `column ${item.column} (${item.actual}) is not in the schema any more`,
    'index-missing': `index ${item.index} is missing`,
    'index-extra': `index ${item.index} is not in the schema any more`,
  };
  return `${where}: ${what[item.kind]}`;
}

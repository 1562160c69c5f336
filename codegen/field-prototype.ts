import type { ColumnInfo } from '../src/server/db/external/introspect.js';
import { FILTER_OPS, WIDGET_NAMES, type FieldType, type FilterOp, type WidgetName } from '../src/shared/schema/entity-model.js';
import { defaultWidget } from '../src/shared/schema/normalize-schema.js';
import { ID_FIELD } from '../src/shared/schema/base-fields.js';
import { camelCase, humanize } from '../src/shared/schema/names.js';
import { CodegenError } from './codegen-messages.js';
import { isSecretColumn } from './secret-columns.js';

/** How a query key searches: a filter operator, or `range` for two dates. */
export const QUERY_TYPES = [...FILTER_OPS, 'range'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/**
 * One row of the grid 数据库模型配置 (BladeX blade_model_prototype): a column of the table
 * and how it becomes a field. Every setting maps onto one schema keyword: comment →
 * x-label.zh, isList → x-list.columns, isQuery + queryType → x-list.search, isForm → x-hidden,
 * isRow → x-span (24 or 12), isRequired → required, componentType → x-widget, dictCode → x-dict.
 */
export interface FieldPrototype {
  jdbcName: string;
  /** As the database writes it: varchar(64). */
  jdbcType: string;
  propertyName: string;
  propertyType: FieldType;
  /** Characters of a text column. */
  jdbcLength?: number;
  comment: string;
  /** English label; default: the property name in words. */
  labelEn?: string;
  isPk: number;
  isNullable: number;
  /** Filled by the database (auto_increment, serial). */
  isAuto: number;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  isQuery: number;
  queryType: QueryType | '';
  componentType: WidgetName;
  dictCode: string;
  sort: number;
}

/** Base columns the engine fills on the platform's database (and on a bound table that has them). */
export const AUDIT_COLUMNS = ['create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status'];
export const TENANT_COLUMN = 'tenant_id';
export const DELETED_COLUMN = 'is_deleted';

/** What the table offers beyond its own fields. */
export interface TableTraits {
  tenant: boolean;
  audit: boolean;
  logicalDelete: boolean;
}

export function traitsOf(columns: ColumnInfo[]): TableTraits {
  const names = new Set(columns.map((c) => c.name));
  return {
    tenant: names.has(TENANT_COLUMN),
    audit: AUDIT_COLUMNS.every((c) => names.has(c)),
    logicalDelete: names.has(DELETED_COLUMN),
  };
}

/** Whether the engine fills the column itself (so it is no field of the schema). */
export function isBaseColumn(column: ColumnInfo, traits: TableTraits, external: boolean): boolean {
  if (column.name === 'id' && column.primaryKey && !external) return true;
  if (column.name === TENANT_COLUMN && traits.tenant) return true;
  if (column.name === DELETED_COLUMN && traits.logicalDelete) return true;
  return traits.audit && AUDIT_COLUMNS.includes(column.name);
}

const TEXT = new Set(['varchar', 'char', 'character varying', 'character', 'nvarchar', 'nchar', 'uuid', 'enum', 'set', 'citext', 'name']);
const LONG_TEXT: Record<string, number | undefined> = { tinytext: 255, text: undefined, mediumtext: undefined, longtext: undefined };
const INTEGER = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'year', 'serial', 'smallserial']);
const BIGINT = new Set(['bigint', 'bigserial']);
const NUMBER = new Set(['decimal', 'numeric', 'float', 'double', 'real', 'double precision', 'money']);
const DATETIME = new Set(['datetime', 'timestamp', 'timestamptz', 'timestamp without time zone', 'timestamp with time zone']);

/** The field type of a column; a type with no form field (binary, JSON, geometry, arrays…) is an error. */
export function fieldTypeOf(table: string, column: ColumnInfo): { type: FieldType; maxLength?: number; widget?: WidgetName } {
  const t = column.type;
  if (TEXT.has(t)) return { type: 'string', maxLength: column.length ?? (t === 'uuid' ? 36 : undefined) };
  if (t in LONG_TEXT) return { type: 'string', maxLength: LONG_TEXT[t], widget: 'textarea' };
  if (t === 'time') return { type: 'string', maxLength: 8 };
  if (BIGINT.has(t)) return { type: 'id' };
  if (INTEGER.has(t)) return { type: 'integer' };
  if (NUMBER.has(t)) return { type: 'number' };
  if (t === 'boolean' || t === 'bool' || (t === 'bit' && /bit\(1\)/.test(column.dbType))) return { type: 'boolean' };
  if (t === 'date') return { type: 'date' };
  if (DATETIME.has(t)) return { type: 'datetime' };
  throw new CodegenError('unmappableType', { table, column: column.name, type: column.dbType });
}

const COLUMN_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A column's labels: its comment, else for the key (a primary key, or a column named id)
 * the engine's own 主键 / ID, else the property name in words; the same on every database
 * (MariaDB tables tend to carry a 主键 comment, PostgreSQL ones none).
 */
function labelsOf(column: ColumnInfo, propertyName: string): { comment: string; labelEn: string } {
  const isKey = column.primaryKey || column.name === 'id';
  const words = isKey && column.name === 'id' ? ID_FIELD.label.en : humanize(propertyName);
  return { comment: column.comment.trim() || (isKey ? ID_FIELD.label.zh : humanize(propertyName)), labelEn: words };
}

/** The grid's starting rows: every column that is a field, with settings a developer would pick first. */
export function prototypesOf(table: string, columns: ColumnInfo[], opts: { external: boolean }): FieldPrototype[] {
  const keys = columns.filter((c) => c.primaryKey);
  if (keys.length === 0) throw new CodegenError('noPrimaryKey', { table });
  if (keys.length > 1) throw new CodegenError('compositeKey', { table, columns: keys.map((k) => k.name).join(', ') });
  const traits = traitsOf(columns);
  const key = keys[0];
  if (!opts.external && key.name === 'id' && key.type !== 'bigint') throw new CodegenError('idNotBigint', { table });
  const out: FieldPrototype[] = [];
  for (const column of columns) {
    if (isBaseColumn(column, traits, opts.external)) continue;
    if (!COLUMN_NAME.test(column.name)) throw new CodegenError('columnName', { table, column: column.name });
    const mapped = fieldTypeOf(table, column);
    const propertyName = camelCase(column.name);
    const auto = column.autoIncrement;
    const long = mapped.widget === 'textarea' || (mapped.maxLength ?? 0) > 255;
    const secret = !column.primaryKey && isSecretColumn(column.name);
    out.push({
      jdbcName: column.name,
      jdbcType: column.dbType,
      propertyName,
      propertyType: mapped.type,
      jdbcLength: mapped.maxLength,
      ...labelsOf(column, propertyName),
      isPk: column.primaryKey ? 1 : 0,
      isNullable: column.nullable ? 1 : 0,
      isAuto: auto ? 1 : 0,
      isList: long || auto || secret ? 0 : 1,
      isForm: 1,
      isRow: long ? 1 : 0,
      isRequired: !column.nullable && !auto && mapped.type !== 'boolean' ? 1 : 0,
      isQuery: mapped.type === 'string' && !long && !secret && !out.some((o) => o.isQuery) ? 1 : 0,
      queryType: '',
      componentType: secret && mapped.type === 'string' ? 'password' : mapped.widget ?? defaultWidget(mapped.type, {}),
      dictCode: '',
      sort: out.length + 1,
    });
  }
  if (out.length === 0) throw new CodegenError('noFields');
  return out;
}

/** A prototype row from a request or the grid, checked field by field. */
export function checkPrototype(p: FieldPrototype): void {
  const bad = (key: string, value: unknown) => new CodegenError('prototypeField', { field: p.propertyName, key, value: String(value) });
  if (!/^[a-z][a-zA-Z0-9]*$/.test(p.propertyName)) throw bad('propertyName', p.propertyName);
  if (!(WIDGET_NAMES as readonly string[]).includes(p.componentType)) throw bad('componentType', p.componentType);
  if (p.queryType && !QUERY_TYPES.includes(p.queryType)) throw bad('queryType', p.queryType);
  if (p.dictCode && !/^[a-zA-Z][a-zA-Z0-9_-]*$/.test(p.dictCode)) throw bad('dictCode', p.dictCode);
}

export { type FilterOp };

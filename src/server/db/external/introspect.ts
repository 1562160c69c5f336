import { sql } from 'kysely';
import type { Db } from '../database.js';
import { ExternalDbError } from './external-messages.js';

/** SQL dialect of a connection: the embedded database speaks PostgreSQL. */
export type Dialect = 'mysql' | 'postgresql';

export interface TableInfo {
  name: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  /** Base type in lower case, without size: varchar, int, bigint, numeric, timestamp… */
  type: string;
  /** As the database writes it: varchar(64), decimal(10,2), int(11)… */
  dbType: string;
  /** Characters for text types. */
  length?: number;
  /** Digits and decimals for exact numbers. */
  precision?: number;
  scale?: number;
  nullable: boolean;
  comment: string;
  primaryKey: boolean;
  /** Filled by the database (auto_increment, serial, identity). */
  autoIncrement: boolean;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Table names reach only bound parameters; still, anything else is refused with a clear message. */
export function checkTableName(table: string): void {
  if (!TABLE_NAME.test(table)) throw new ExternalDbError('database.tableName', { table: table.slice(0, 80) });
}

export async function tableList(db: Db, dialect: Dialect): Promise<TableInfo[]> {
  const rows = dialect === 'mysql'
    ? await sql<{ name: string; comment: string | null }>`
        select table_name as name, table_comment as comment from information_schema.tables
        where table_schema = database() and table_type = 'BASE TABLE' order by table_name`.execute(db)
    : await sql<{ name: string; comment: string | null }>`
        select c.relname as name, obj_description(c.oid, 'pg_class') as comment
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return rows.rows.map((r) => ({ name: String(r.name), comment: r.comment ?? '' }));
}

/** The table's columns in order; an unknown table is an error naming it. */
export async function columns(db: Db, dialect: Dialect, table: string): Promise<ColumnInfo[]> {
  checkTableName(table);
  const found = dialect === 'mysql' ? await mysqlColumns(db, table) : await postgresColumns(db, table);
  if (found.length === 0) throw new ExternalDbError('database.tableMissing', { table });
  return found;
}

const num = (v: unknown): number | undefined => (v === null || v === undefined || v === '' ? undefined : Number(v));

async function mysqlColumns(db: Db, table: string): Promise<ColumnInfo[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select column_name as name, data_type as type, column_type as db_type,
      character_maximum_length as len, numeric_precision as prec, numeric_scale as scale,
      is_nullable as nullable, column_comment as comment, column_key as ckey, extra
    from information_schema.columns
    where table_schema = database() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((r) => {
    const type = String(r.type).toLowerCase();
    const text = ['char', 'varchar'].includes(type);
    return {
      name: String(r.name),
      type,
      dbType: String(r.db_type).toLowerCase(),
      length: text ? num(r.len) : undefined,
      precision: ['decimal', 'numeric'].includes(type) ? num(r.prec) : undefined,
      scale: ['decimal', 'numeric'].includes(type) ? num(r.scale) : undefined,
      nullable: r.nullable === 'YES',
      comment: String(r.comment ?? ''),
      primaryKey: r.ckey === 'PRI',
      autoIncrement: /auto_increment/i.test(String(r.extra ?? '')),
    };
  });
}

/** PostgreSQL's internal type names as people write them (int8 → bigint). */
const PG_NAMES: Record<string, string> = {
  int8: 'bigint', int4: 'integer', int2: 'smallint', float4: 'real', float8: 'double', bpchar: 'char', bool: 'boolean',
};

async function postgresColumns(db: Db, table: string): Promise<ColumnInfo[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as db_type,
      a.atttypmod as typmod, not a.attnotnull as nullable, col_description(c.oid, a.attnum) as comment,
      exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as pk,
      (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto
    from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relname = ${table} and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows.map((r) => {
    const type = PG_NAMES[String(r.type).toLowerCase()] ?? String(r.type).toLowerCase();
    const typmod = Number(r.typmod);
    const sized = typmod > 4;
    return {
      name: String(r.name),
      type,
      dbType: String(r.db_type),
      length: ['varchar', 'char'].includes(type) && sized ? typmod - 4 : undefined,
      precision: type === 'numeric' && sized ? ((typmod - 4) >> 16) & 0xffff : undefined,
      scale: type === 'numeric' && sized ? (typmod - 4) & 0xffff : undefined,
      nullable: r.nullable === true,
      comment: String(r.comment ?? ''),
      primaryKey: r.pk === true,
      autoIncrement: r.auto === true,
    };
  });
}

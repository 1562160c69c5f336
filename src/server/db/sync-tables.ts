import { sql } from 'kysely';
import { fieldOf } from '../../shared/schema/entity-model.js';
import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';

function sqlType(field: FieldModel): string {
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

function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/* Identifiers below come from normalized models whose names are checked against
   ^[a-z][a-z0-9_]*$ by the meta-schema, never from a request. */
function columnDef(model: EntityModel, field: FieldModel): string {
  let def = `"${field.column}" ${sqlType(field)}`;
  if (field.name === model.primaryKey) def += ' primary key';
  if (field.name === 'tenantId') def += " not null default '000000'";
  else if (field.isBase && field.defaultValue !== undefined) def += ` not null default ${literal(field.defaultValue)}`;
  return def;
}

function indexName(table: string, columns: string[], prefix: string): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  return name.length <= 63 ? name : `${prefix}_${table}_${Math.abs(hash(name))}`;
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

function columnsOf(model: EntityModel, names: string[]): string[] {
  return names.map((n) => fieldOf(model, n)!.column);
}

function indexStatements(model: EntityModel): string[] {
  const t = model.table;
  const scope = model.tenancy === 'tenant' ? ['tenant_id'] : [];
  const live = model.logicalDelete ? ' where is_deleted = 0' : '';
  const out: string[] = [];
  for (const u of model.unique) {
    const cols = [...scope, ...columnsOf(model, u.fields)];
    out.push(`create unique index if not exists "${indexName(t, cols, 'uq')}" on "${t}" (${cols.map((c) => `"${c}"`).join(', ')})${live}`);
  }
  const plain = [...model.indexes.map((ix) => columnsOf(model, ix))];
  if (model.tree) plain.push(columnsOf(model, [model.tree.parentField]));
  if (scope.length && model.generatedId) plain.push([...scope, 'id']);
  for (const cols of plain) {
    out.push(`create index if not exists "${indexName(t, cols, 'ix')}" on "${t}" (${cols.map((c) => `"${c}"`).join(', ')})`);
  }
  return out;
}

function trigramStatements(model: EntityModel): string[] {
  return columnsOf(model, model.trigramIndexes).map(
    (col) => `create index if not exists "${indexName(model.table, [col], 'tg')}" on "${model.table}" using gin ("${col}" gin_trgm_ops)`,
  );
}

/**
 * Trigram indexes need the pg_trgm extension (bundled with PGlite, a contrib module of
 * PostgreSQL). Where it cannot be created (no privilege), searches still work, scanning.
 */
async function syncTrigramIndexes(db: Db, models: EntityModel[], warn: (message: string) => void): Promise<void> {
  const statements = models.flatMap(trigramStatements);
  if (statements.length === 0) return;
  try {
    await sql.raw('create extension if not exists pg_trgm').execute(db);
  } catch (error) {
    warn(`pg_trgm is not available (${(error as Error).message}); contains-searches will scan their tables`);
    return;
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Creates missing tables, columns and indexes. Never drops or alters what exists. */
export async function syncTables(db: Db, models: EntityModel[], warn: (message: string) => void = console.warn): Promise<void> {
  for (const model of models) {
    const defs = model.fields.map((f) => columnDef(model, f));
    await sql.raw(`create table if not exists "${model.table}" (${defs.join(', ')})`).execute(db);
    for (const field of model.fields) {
      if (field.name === model.primaryKey) continue;
      await sql.raw(`alter table "${model.table}" add column if not exists ${columnDef(model, field)}`).execute(db);
    }
    for (const statement of indexStatements(model)) await sql.raw(statement).execute(db);
  }
  await syncTrigramIndexes(db, models, warn);
}

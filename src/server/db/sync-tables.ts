import { sql } from 'kysely';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { readCatalogue, type Catalogue } from './drift.js';
import { syncTenantPolicies } from './row-security-ddl.js';
import { LINK_TABLES, syncParentPolicies } from './row-security-parents.js';
import { searchedTablesOf, syncSearchFunction } from './row-security-search.js';
import { columnDef, createTableSql, derivedColumns, indexDesigns } from './table-design.js';

/**
 * Trigram indexes need the pg_trgm extension (bundled with PGlite, a contrib module of
 * PostgreSQL). Where it cannot be created (no privilege), searches still work, scanning.
 */
async function syncTrigramIndexes(db: Db, models: EntityModel[], existing: Map<string, string[]>, warn: (message: string) => void): Promise<boolean> {
  const missing = models.flatMap((m) => indexDesigns(m).filter((ix) => ix.trigram && !existing.get(m.table)?.includes(ix.name)));
  if (missing.length === 0) return false;
  try {
    await sql.raw('create extension if not exists pg_trgm').execute(db);
  } catch (error) {
    warn(`pg_trgm is not available (${(error as Error).message}); contains-searches will scan their tables`);
    return false;
  }
  for (const ix of missing) await sql.raw(ix.create).execute(db);
  return true;
}

/**
 * Creates missing tables, columns and indexes. Never drops or alters what exists: what
 * differs is drift (db/drift.ts), reported at start and fixed by `npm run db:migrate`.
 * What exists is read in two catalogue queries, so a start on an existing database sends
 * no DDL at all; the statements keep `if not exists` for processes starting together.
 * Answers that catalogue when nothing was created (drift detection reads it rather than
 * asking again), undefined when something was.
 */
export async function syncTables(db: Db, all: EntityModel[], warn: (message: string) => void = console.warn, rowSecurity?: boolean): Promise<Catalogue | undefined> {
  // Tables of other data sources are mapped as they are, never created or changed.
  const models = all.filter((m) => !m.datasource);
  const tables = models.map((m) => m.table);
  const catalogue = await readCatalogue(db, tables);
  const { columns } = catalogue;
  // The catalogue's index lists are extended below with what this start creates.
  const indexes = new Map([...catalogue.indexes].map(([table, names]) => [table, [...names]]));
  let changed = false;
  const run = (statement: string) => { changed = true; return sql.raw(statement).execute(db); };
  const seen = new Map<string, Set<string>>();
  for (const model of models) {
    // Two models may share a table: what one created, the next one sees.
    const present = seen.get(model.table) ?? new Set((columns.get(model.table) ?? []).map((c) => c.name));
    if (present.size === 0) {
      await run(createTableSql(model));
      for (const field of model.fields) present.add(field.column);
      for (const derived of derivedColumns(model)) present.add(derived.column);
    }
    for (const field of model.fields) {
      if (field.name === model.primaryKey || present.has(field.column)) continue;
      await run(`alter table "${model.table}" add column if not exists ${columnDef(model, field)}`);
      present.add(field.column);
    }
    // A stored month added to a table with rows rewrites it (once, at the first start that asks for it).
    for (const derived of derivedColumns(model)) {
      if (present.has(derived.column)) continue;
      await run(`alter table "${model.table}" add column if not exists ${derived.def}`);
      present.add(derived.column);
    }
    seen.set(model.table, present);
    const known = indexes.get(model.table) ?? [];
    for (const ix of indexDesigns(model)) {
      if (ix.trigram || known.includes(ix.name)) continue;
      await run(ix.create);
      known.push(ix.name);
    }
    indexes.set(model.table, known);
  }
  if (await syncTrigramIndexes(db, models, indexes, warn)) changed = true;
  // Only where the caller says (PostgreSQL): undefined leaves policies as they are.
  if (rowSecurity !== undefined) {
    await syncTenantPolicies(db, tenantTablesOf(models), rowSecurity);
    await syncParentPolicies(db, LINK_TABLES.filter((c) => tables.includes(c.table) && tables.includes(c.parent)), rowSecurity);
    if (rowSecurity) await syncSearchFunction(db, searchedTablesOf(models));
  }
  return changed ? undefined : catalogue;
}

/** Tables of the platform's database holding a `tenant_id` column from the entity schemas. */
export function tenantTablesOf(models: EntityModel[]): string[] {
  return models.filter((m) => !m.datasource && m.tenancy === 'tenant').map((m) => m.table);
}

import { sql } from 'kysely';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { columnDef, indexDesigns } from './table-design.js';

/**
 * Trigram indexes need the pg_trgm extension (bundled with PGlite, a contrib module of
 * PostgreSQL). Where it cannot be created (no privilege), searches still work, scanning.
 */
async function syncTrigramIndexes(db: Db, models: EntityModel[], warn: (message: string) => void): Promise<void> {
  const statements = models.flatMap((m) => indexDesigns(m).filter((ix) => ix.trigram).map((ix) => ix.create));
  if (statements.length === 0) return;
  try {
    await sql.raw('create extension if not exists pg_trgm').execute(db);
  } catch (error) {
    warn(`pg_trgm is not available (${(error as Error).message}); contains-searches will scan their tables`);
    return;
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Creates missing tables, columns and indexes. Never drops or alters what exists: what
 * differs is drift (db/drift.ts), reported at start and fixed by `npm run db:migrate`.
 */
export async function syncTables(db: Db, all: EntityModel[], warn: (message: string) => void = console.warn): Promise<void> {
  // Tables of other data sources are mapped as they are, never created or changed.
  const models = all.filter((m) => !m.datasource);
  for (const model of models) {
    const defs = model.fields.map((f) => columnDef(model, f));
    await sql.raw(`create table if not exists "${model.table}" (${defs.join(', ')})`).execute(db);
    for (const field of model.fields) {
      if (field.name === model.primaryKey) continue;
      await sql.raw(`alter table "${model.table}" add column if not exists ${columnDef(model, field)}`).execute(db);
    }
    for (const ix of indexDesigns(model)) if (!ix.trigram) await sql.raw(ix.create).execute(db);
  }
  await syncTrigramIndexes(db, models, warn);
}

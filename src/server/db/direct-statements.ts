import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './kysely-db.js';

/**
 * Runs one statement on its own (no transaction, no held connection), or answers undefined
 * when the statement must take Kysely's way (db/database.ts attaches one per PostgreSQL
 * handle: pg-direct-runner.ts).
 */
export type DirectRunner = <R>(query: CompiledQuery, name?: string) => Promise<QueryResult<R>> | undefined;

const runners = new WeakMap<Db, DirectRunner>();

export function attachDirectRunner(db: Db, runner: DirectRunner): void {
  runners.set(db, runner);
}

/**
 * One compiled statement on `db`. On a handle with a direct runner (the server's PostgreSQL
 * handle, not a transaction: a transaction is another object) it goes straight to a pool,
 * skipping Kysely's connection layers — a dozen promises a statement, each costing more
 * while an AsyncLocalStorage is in use (tenant-scope.ts). Anywhere else, through Kysely.
 * `name`: the statement's text is fixed for the life of the process (key-read.ts), so the
 * runner may keep it prepared on each connection and send only its values.
 */
export function executeStatement<R>(db: Db, query: CompiledQuery, name?: string): Promise<QueryResult<R>> {
  return runners.get(db)?.<R>(query, name) ?? db.executeQuery<R>(query);
}

/** Whether statements on `db` on their own go straight to a pool (tests prove that way keeps the rules). */
export function hasDirectRunner(db: Db): boolean {
  return runners.has(db);
}

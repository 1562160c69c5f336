import type { QueryResult } from 'kysely';
import type pgModule from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.js';
import type { DirectRunner } from './direct-statements.js';
import { checkedScope, sessionScopeSql } from './row-security-dialect.js';
import type { RouteTargets } from './tenant-router.js';
import { currentRouteTenant } from './tenant-scope.js';

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** Prepared statements a connection keeps at most: beyond, named statements are sent unnamed. */
const PREPARED_PER_CONNECTION = 200;
/** A prepared statement the database no longer accepts: its result type changed (DDL), or it is gone. */
const STALE_PREPARED = new Set(['0A000', '26000']);

/** pg's result as Kysely's PostgreSQL driver answers it. */
function kyselyResult<R>(result: pgModule.QueryResult): QueryResult<R> {
  return {
    numAffectedRows: AFFECTING.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined,
    rows: (result.rows ?? []) as R[],
  };
}

/**
 * Statements on their own, straight to `pool` in callbacks: one promise a statement instead
 * of Kysely's connection layers. What those layers do for such a statement is done here too:
 *
 * - tenant routing (tenant-router.ts): a statement issued for a tenant counts as under way
 *   for the move fence (`enter`/`leave`); one of a tenant being moved, or of a tenant with a
 *   database of its own, is handed back to Kysely's way, which refuses or routes it;
 * - row security (row-security-dialect.ts): the connection's session runs as `atrium_app`
 *   with `app.tenant_id` set to the unit of work's scope, set first when the connection last
 *   served another. The pool is this runner's alone, so what its sessions are set to is known
 *   here and nowhere else;
 * - a connection that cannot be had is DatabaseUnavailableError (503).
 *
 * A named statement (fixed text, key-read.ts) is prepared once per connection and then sent
 * as its values only: PostgreSQL parses and plans it once instead of on every read. Should a
 * table's change make the prepared form stale, that connection is dropped and the statement
 * sent once more unnamed.
 */
export function pgDirectRunner(opts: { pool: pgModule.Pool; rowSecurity: boolean; routes?: RouteTargets }): DirectRunner {
  const { pool, rowSecurity, routes } = opts;
  const sessionScope = new WeakMap<pgModule.PoolClient, string>();
  const prepared = new WeakMap<pgModule.PoolClient, Set<string>>();
  /** The statement as pg sends it on `client`: named while the connection keeps few enough. */
  const statementOn = (client: pgModule.PoolClient, query: Parameters<DirectRunner>[0], name: string | undefined) => {
    const text = query.sql;
    const values = query.parameters as unknown[];
    if (name === undefined) return { text, values };
    let names = prepared.get(client);
    if (!names) prepared.set(client, (names = new Set()));
    if (!names.has(name)) {
      if (names.size >= PREPARED_PER_CONNECTION) return { text, values };
      names.add(name);
    }
    return { name, text, values };
  };
  /** Sends `query` on a connection of the pool, its session set to `scope` first when needed. */
  const send = <R>(query: Parameters<DirectRunner>[0], name: string | undefined, scope: string | undefined, done: () => void, resolve: (r: QueryResult<R>) => void, reject: (e: unknown) => void) => {
    pool.connect((connectError, client, release) => {
      if (connectError || !client) {
        done();
        reject(new DatabaseUnavailableError(connectError));
        return;
      }
      const run = () => client.query(statementOn(client, query, name), (error: Error | null, result: pgModule.QueryResult) => {
        const stale = error !== null && name !== undefined && STALE_PREPARED.has((error as { code?: string }).code ?? '');
        // A connection that broke (or keeps a stale prepared statement) is dropped from the pool rather than handed out again.
        release(error && (stale || isDatabaseUnavailable(error)) ? error : undefined);
        if (stale) return void send(query, undefined, scope, done, resolve, reject);
        done();
        if (error) reject(error);
        else resolve(kyselyResult<R>(result));
      });
      if (scope === undefined || sessionScope.get(client) === scope) return void run();
      // Forgotten first: should the switch fail, the next statement on it sets it again.
      sessionScope.delete(client);
      client.query(sessionScopeSql(scope), (error: Error | null) => {
        if (!error) {
          sessionScope.set(client, scope);
          return void run();
        }
        release(error);
        done();
        reject(error);
      });
    });
  };
  return <R>(query: Parameters<DirectRunner>[0], name?: string): Promise<QueryResult<R>> | undefined => {
    const scope = rowSecurity ? checkedScope() : undefined;
    const tenant = routes ? currentRouteTenant() : undefined;
    if (tenant !== undefined) {
      routes!.enter(tenant);
      if (routes!.moving(tenant) || routes!.bindingOf(tenant) !== undefined) {
        routes!.leave(tenant);
        return undefined;
      }
    }
    const done = () => { if (tenant !== undefined) routes!.leave(tenant); };
    return new Promise<QueryResult<R>>((resolve, reject) => send(query, name, scope, done, resolve, reject));
  };
}

import type { QueryResult } from 'kysely';
import type pgModule from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.js';
import type { DirectRunner } from './direct-statements.js';
import { checkedScope, sessionScopeSql } from './row-security-dialect.js';
import type { RouteTargets } from './tenant-router.js';
import { currentRouteTenant } from './tenant-scope.js';

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

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
 */
export function pgDirectRunner(opts: { pool: pgModule.Pool; rowSecurity: boolean; routes?: RouteTargets }): DirectRunner {
  const { pool, rowSecurity, routes } = opts;
  const sessionScope = new WeakMap<pgModule.PoolClient, string>();
  return <R>(query: Parameters<DirectRunner>[0]): Promise<QueryResult<R>> | undefined => {
    const scope = rowSecurity ? checkedScope() : undefined;
    const tenant = routes ? currentRouteTenant() : undefined;
    if (tenant !== undefined) {
      routes!.enter(tenant);
      if (routes!.moving(tenant) || routes!.bindingOf(tenant) !== undefined) {
        routes!.leave(tenant);
        return undefined;
      }
    }
    return new Promise<QueryResult<R>>((resolve, reject) => {
      const done = () => { if (tenant !== undefined) routes!.leave(tenant); };
      pool.connect((connectError, client, release) => {
        if (connectError || !client) {
          done();
          reject(new DatabaseUnavailableError(connectError));
          return;
        }
        const run = () => client.query(query.sql, query.parameters as unknown[], (error: Error | null, result: pgModule.QueryResult) => {
          // A connection that broke is dropped from the pool rather than handed out again.
          release(error && isDatabaseUnavailable(error) ? error : undefined);
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
    });
  };
}

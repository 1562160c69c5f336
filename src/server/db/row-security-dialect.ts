import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { APP_ROLE } from './row-security-ddl.js';
import { currentTenantScope } from './tenant-scope.js';

const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SCOPE_VALUE = /^(\*|[A-Za-z0-9_-]{1,12})$/;

/**
 * The scope of the statement issued now, checked: it is sent as a literal (the role switch
 * and the setting go in one simple-protocol round trip, with `begin` for a transaction,
 * and the simple protocol takes no parameters).
 */
export function checkedScope(): string {
  const value = currentTenantScope();
  if (!SCOPE_VALUE.test(value)) throw new Error(`bad tenant scope ${JSON.stringify(value)}`);
  return value;
}

const setTenant = (value: string) => `select set_config('app.tenant_id', '${value}', true)`;

function scopedBegin(begin: string, value: string): CompiledQuery {
  return CompiledQuery.raw(`${begin}; set local role ${APP_ROLE}; ${setTenant(value)}`);
}

function beginSql(settings: TransactionSettings): string {
  let text = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
  if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
  if (settings.accessMode) text += ` ${settings.accessMode}`;
  return text;
}

/**
 * The role and tenant a pooled connection's session is set to, outside any transaction:
 * absent on a new connection (the connecting user), else the `app.tenant_id` it was last
 * set to as `atrium_app`. Keyed by the driver's connection, which Kysely keeps one per pg
 * client; the pool is this dialect's alone (the owner's handle has its own).
 */
const sessionScope = new WeakMap<DatabaseConnection, string>();

/** Sets a connection's session to `atrium_app` scoped to `value` (a checked scope, sent as a literal). */
export const sessionScopeSql = (value: string) => `set role ${APP_ROLE}; select set_config('app.tenant_id', '${value}', false)`;

const setSession = (value: string) => CompiledQuery.raw(sessionScopeSql(value));

/**
 * A pooled connection whose every statement runs as `atrium_app`, scoped to the current
 * unit of work's tenant. Inside a Kysely transaction its `begin` carried the scope,
 * transaction-locally (and a statement issued in another scope, e.g. inside
 * `acrossTenants`, sets it again first). A statement on its own runs on the session's
 * setting, set first only when the connection last served another scope: one extra round
 * trip when the tenant changes, none while it stays (a transaction's local settings revert
 * to the session's at its end, so the session's stay known).
 */
class ScopedConnection implements DatabaseConnection {
  /** The transaction's `app.tenant_id` while one is open. */
  scope: string | undefined;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.scope !== undefined) return this.inTransaction<R>(query);
    const want = checkedScope();
    if (sessionScope.get(this.inner) !== want) {
      // Forgotten first: should the switch fail half-way, the next statement sets it again.
      sessionScope.delete(this.inner);
      await this.inner.executeQuery(setSession(want));
      sessionScope.set(this.inner, want);
    }
    return this.inner.executeQuery<R>(query);
  }

  private async inTransaction<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const want = checkedScope();
    if (want === this.scope) return this.inner.executeQuery<R>(query);
    // Both are queued on the client at once, in order: a query issued meanwhile cannot slip in between.
    this.scope = want;
    const switched = this.inner.executeQuery(CompiledQuery.raw(setTenant(want)));
    const result = this.inner.executeQuery<R>(query);
    return (await Promise.all([switched, result]))[1];
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.scope === undefined) throw new Error('row security: stream queries inside a transaction');
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** PostgreSQL dialect whose queries run as `atrium_app` with `app.tenant_id` set (ROW_SECURITY on). */
export class RowSecurityPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    const inner = (connection: DatabaseConnection) => (connection as ScopedConnection).inner;
    driver.acquireConnection = async () => new ScopedConnection(await acquire());
    driver.releaseConnection = (connection) => release(inner(connection));
    driver.beginTransaction = async (connection, settings) => {
      const scoped = connection as ScopedConnection;
      const scope = checkedScope();
      try {
        await scoped.inner.executeQuery(scopedBegin(beginSql(settings), scope));
      } catch (error) {
        // A failed statement after `begin` leaves the connection in an aborted transaction.
        await scoped.inner.executeQuery(ROLLBACK).catch(() => undefined);
        throw error;
      }
      scoped.scope = scope;
    };
    driver.commitTransaction = async (connection) => {
      (connection as ScopedConnection).scope = undefined;
      await commit(inner(connection));
    };
    driver.rollbackTransaction = async (connection) => {
      (connection as ScopedConnection).scope = undefined;
      await rollback(inner(connection));
    };
    return driver;
  }
}

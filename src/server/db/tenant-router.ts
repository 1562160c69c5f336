import type {
  CompiledQuery, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, QueryResult, TransactionSettings,
} from 'kysely';
import { AppError } from '../../shared/errors.js';
import { currentRouteTenant } from './tenant-scope.js';
import type { TenantTables } from './tenant-tables.js';

/** The platform's own database. */
export const MAIN = 'main';

/** What the router asks of the tenant databases (db/tenant-databases.ts). */
export interface RouteTargets {
  readonly tables: TenantTables;
  /** The data source holding the tenant's tables, when it has a database of its own. */
  bindingOf(tenantId: string): string | undefined;
  /** The tenant's rows are being moved (by this process or another): its statements on them are refused meanwhile. */
  moving(tenantId: string): boolean;
  /** A statement of the tenant starts (before it is checked against `moving`) and ends: a process confirms a fence only when none is under way. */
  enter(tenantId: string): void;
  leave(tenantId: string): void;
  /** A connection from the data source's pool, and how to give it back. */
  acquire(datasourceId: string): Promise<{ driver: Driver; connection: DatabaseConnection }>;
  release(datasourceId: string, driver: Driver, connection: DatabaseConnection): Promise<void>;
}

/** A statement of a tenant with a database of its own that names tenant tables and platform tables at once. */
export class MixedStatementError extends Error {
  constructor(tenantId: string, tenant: string[], platform: string[]) {
    super(`tenant ${tenantId} has a database of its own: one statement cannot read its tables (${tenant.join(', ')}) with the platform's (${platform.join(', ')}); split it in two`);
  }
}

/** A statement of a tenant whose rows are being moved (the fence): a 503 to the caller, a pause to a job (it resumes after the move). */
export class TenantMovingError extends AppError {
  constructor(readonly tenantId: string) {
    super('tenant.moving', { tenantId }, 503);
  }
}

/**
 * Where a statement goes: the platform's database, unless the tenant it is issued for (the
 * route scope) has a database of its own and the statement names its tenant tables — or no
 * table at all (a savepoint, a lock of the tenant's unit of work). A cursor's `fetch` and
 * `close` name no table: the connection sends them where its `declare` went.
 */
function sideOf(targets: RouteTargets, sqlText: string): string {
  const tenant = currentRouteTenant();
  if (tenant === undefined) return MAIN;
  if (targets.moving(tenant) && targets.tables.classify(sqlText).tenant.length) throw new TenantMovingError(tenant);
  const bound = targets.bindingOf(tenant);
  if (bound === undefined) return MAIN;
  const named = targets.tables.classify(sqlText);
  if (named.tenant.length && named.platform.length) throw new MixedStatementError(tenant, named.tenant, named.platform);
  return named.platform.length ? MAIN : bound;
}

const DECLARE = /^\s*declare\s+"?([A-Za-z_][\w$]*)"?/i;
const CURSOR_USE = /^\s*(fetch|move|close)\b[\s\S]*?"?([A-Za-z_][\w$]*)"?\s*;?\s*$/i;

interface Side {
  key: string;
  driver: Driver;
  connection: DatabaseConnection;
  /** The transaction on this side has ended (committed or rolled back). */
  ended?: boolean;
}

/**
 * One Kysely connection over the platform's database and tenant databases: each side's real
 * connection is taken on its first statement. In a transaction each side begins on its first
 * statement and commits at the end, tenant sides first: a transaction that wrote both is not
 * atomic across them (the code keeps platform and tenant writes of one change on one side
 * where it matters; see docs/decisions/0046-a-database-per-tenant.md).
 */
class RoutedConnection implements DatabaseConnection {
  private readonly sides = new Map<string, Promise<Side>>();
  private settings: TransactionSettings | undefined;
  /** Cursors declared on this connection → their side: `fetch`/`close` name no table, and go where the cursor is. */
  private readonly cursors = new Map<string, string>();

  constructor(private readonly main: Driver, private readonly targets: RouteTargets) {}

  private async open(key: string, settings: TransactionSettings | undefined): Promise<Side> {
    let side: Side;
    if (key === MAIN) {
      side = { key, driver: this.main, connection: await this.main.acquireConnection() };
    } else {
      side = { key, ...(await this.targets.acquire(key)) };
    }
    if (settings !== undefined) {
      try {
        await side.driver.beginTransaction(side.connection, settings);
      } catch (error) {
        await this.give(side);
        throw error;
      }
    }
    return side;
  }

  private side(key: string): Promise<Side> {
    let side = this.sides.get(key);
    if (!side) {
      side = this.open(key, this.settings);
      this.sides.set(key, side);
      side.catch(() => this.sides.delete(key));
    }
    return side;
  }

  private keyOf(sqlText: string): string {
    const used = CURSOR_USE.exec(sqlText);
    if (used && this.cursors.has(used[2])) {
      const key = this.cursors.get(used[2])!;
      if (used[1].toLowerCase() === 'close') this.cursors.delete(used[2]);
      return key;
    }
    const key = sideOf(this.targets, sqlText);
    const declared = DECLARE.exec(sqlText);
    if (declared) this.cursors.set(declared[1], key);
    return key;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tenant = currentRouteTenant();
    if (tenant === undefined) return (await this.side(this.keyOf(query.sql))).connection.executeQuery<R>(query);
    this.targets.enter(tenant);
    try {
      const side = await this.side(this.keyOf(query.sql));
      return await side.connection.executeQuery<R>(query);
    } finally {
      this.targets.leave(tenant);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const tenant = currentRouteTenant();
    if (tenant !== undefined) this.targets.enter(tenant);
    try {
      const side = await this.side(this.keyOf(query.sql));
      yield* side.connection.streamQuery<R>(query, chunkSize);
    } finally {
      if (tenant !== undefined) this.targets.leave(tenant);
    }
  }

  begin(settings: TransactionSettings): void {
    this.settings = settings;
  }

  /** Opened sides, tenant databases first. */
  private async opened(): Promise<Side[]> {
    if (this.sides.size === 1) {
      // The usual connection: one side (no Promise.allSettled per statement).
      const [only] = this.sides.values();
      return only.then((side) => [side], () => []);
    }
    const sides = (await Promise.allSettled([...this.sides.values()])).flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    return [...sides.filter((s) => s.key !== MAIN), ...sides.filter((s) => s.key === MAIN)];
  }

  async commit(): Promise<void> {
    this.settings = undefined;
    for (const side of await this.opened()) {
      if (side.ended) continue;
      await side.driver.commitTransaction(side.connection);
      side.ended = true;
    }
  }

  async rollback(): Promise<void> {
    this.settings = undefined;
    let failure: unknown;
    for (const side of await this.opened()) {
      if (side.ended) continue;
      side.ended = true;
      await side.driver.rollbackTransaction(side.connection).catch((error: unknown) => { failure ??= error; });
    }
    if (failure) throw failure;
  }

  private give(side: Side): Promise<void> {
    return side.key === MAIN ? side.driver.releaseConnection(side.connection) : this.targets.release(side.key, side.driver, side.connection);
  }

  async release(): Promise<void> {
    const sides = await this.opened();
    this.sides.clear();
    this.cursors.clear();
    this.settings = undefined;
    await Promise.all(sides.map((s) => this.give(s)));
  }
}

class RoutingDriver implements Driver {
  constructor(private readonly main: Driver, private readonly targets: RouteTargets) {}

  init(): Promise<void> {
    return this.main.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.main, this.targets);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as RoutedConnection).begin(settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutedConnection).commit();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutedConnection).rollback();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutedConnection).release();
  }

  destroy(): Promise<void> {
    return this.main.destroy();
  }
}

/**
 * The platform's dialect (plain, queued PGlite, or row security) with every statement sent
 * to the database it belongs to: the platform's, or the database of the tenant it is issued
 * for (tenant-scope.ts `currentRouteTenant`) when that tenant has one of its own.
 */
export class TenantRoutingDialect implements Dialect {
  constructor(private readonly inner: Dialect, private readonly targets: RouteTargets) {}

  createDriver(): Driver {
    return new RoutingDriver(this.inner.createDriver(), this.targets);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

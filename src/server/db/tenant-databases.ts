import { Kysely, PostgresDialect, sql, type DatabaseConnection, type Driver } from 'kysely';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { guardPool, loadPg, pgTypes } from './database.js';
import type { ConnectionSpec } from './external/index.js';
import type { RouteTargets } from './tenant-router.js';
import { routeTo } from './tenant-scope.js';
import { syncTables } from './sync-tables.js';
import { TenantTables } from './tenant-tables.js';

/** Where each tenant placed in a database of its own lives; written only by a verified move (tenant-move.ts). */
export const BINDING_TABLE = 'atrium_tenant_database';

const CREATE_BINDINGS = `create table if not exists ${BINDING_TABLE} (
  tenant_id varchar(12) primary key, datasource_id bigint not null, bound_time timestamptz not null default now())`;

/** Tenants being moved while servers run: every process refuses their statements until it has read where they ended up. */
export const FENCE_TABLE = 'atrium_tenant_move';

const CREATE_FENCES = `create table if not exists ${FENCE_TABLE} (
  tenant_id varchar(12) primary key, since timestamptz not null default now())`;

/** A fence as processes confirm it in the shared store (`${FENCE_ACKS}:<name>`, counted). */
export const fenceName = (tenantId: string, since: string) => `${tenantId}@${since}`;
export const FENCE_ACKS = 'tenant-databases:fence-acks';

/** Bumped in the shared store by each move: other processes re-read the bindings (REDIS_URL). */
export const BINDINGS_GENERATION = 'tenant-databases:generation';

/** A data source id → its PostgreSQL connection (set by the data source module; throws a 400 for another driver). */
export type SpecResolver = (datasourceId: string) => Promise<ConnectionSpec>;

/** Creates a module's own tables (workflow, report summaries) in a tenant's database. */
export type TenantInstaller = (db: Db) => Promise<void>;

interface Pool {
  end(): Promise<void>;
}

interface Entry {
  pool: Pool;
  driver: Driver;
  ready: Promise<void>;
  busy: number;
  timer?: NodeJS.Timeout;
}

/**
 * The databases of tenants placed in one of their own (issue 16): which tenant is where
 * (cached, loaded at start, re-read when a move anywhere bumps the generation), one bounded
 * pool per data source (opened on first use, closed after `idleMs` unused), and what a
 * tenant database holds (its tables, created by `prepare`).
 */
export class TenantDatabases implements RouteTargets {
  readonly tables = new TenantTables();
  private bindings = new Map<string, string>();
  /** Tenants another process (or a command) is moving, as of the last load: tenant → the fence's `since`. */
  private fences = new Map<string, string>();
  /** Statements under way per tenant (tenant-router.ts), for `drained`. */
  private readonly inflight = new Map<string, number>();
  private readonly pools = new Map<string, Entry>();
  private readonly moves = new Set<string>();
  private readonly installers: TenantInstaller[] = [];
  private resolver?: SpecResolver;
  private models: EntityModel[] = [];

  constructor(private readonly opts: { maxConnections: number; idleMs: number; connectTimeoutMs: number }) {
    this.tables.addPlatformTables([BINDING_TABLE, FENCE_TABLE]);
  }

  setModels(models: EntityModel[]): void {
    this.models = models;
    this.tables.setModels(models);
  }

  setResolver(resolver: SpecResolver): void {
    this.resolver = resolver;
  }

  resolve(datasourceId: string): Promise<ConnectionSpec> {
    if (!this.resolver) throw new Error('no data source module is installed: tenant databases cannot be opened');
    return this.resolver(datasourceId);
  }

  addInstaller(installer: TenantInstaller): void {
    this.installers.push(installer);
  }

  bindingOf(tenantId: string): string | undefined {
    return this.bindings.get(tenantId);
  }

  /** Tenant → data source, for every tenant with a database of its own. */
  get bound(): ReadonlyMap<string, string> {
    return this.bindings;
  }

  /**
   * Runs a platform read of tenant tables in the platform's database and in every tenant
   * database (routed there through one of the tenants it holds: they share its tables), so
   * a read across tenants misses none placed in a database of their own. The answers in
   * that order, the platform's first.
   */
  async inEveryDatabase<T>(read: () => Promise<T>): Promise<T[]> {
    const oneTenantEach = new Map<string, string>();
    for (const [tenant, source] of this.bindings) if (!oneTenantEach.has(source)) oneTenantEach.set(source, tenant);
    const out = [await read()];
    for (const tenant of oneTenantEach.values()) out.push(await routeTo(tenant, read));
    return out;
  }

  /** Creates the bindings table when missing and reads it (at start, and when another process moved a tenant). */
  async load(mainOwner: Db): Promise<void> {
    await sql.raw(CREATE_BINDINGS).execute(mainOwner);
    await sql.raw(CREATE_FENCES).execute(mainOwner);
    // One statement: the fences and the bindings as of one snapshot (a fence is lifted only after its switch committed).
    const { rows } = await sql<{ tenant_id: string; datasource_id: string | null; since: string | null }>`
      select tenant_id, datasource_id::text as datasource_id, null as since from ${sql.table(BINDING_TABLE)}
      union all select tenant_id, null, since::text from ${sql.table(FENCE_TABLE)}`.execute(mainOwner);
    this.bindings = new Map(rows.filter((r) => r.since === null).map((r) => [r.tenant_id, String(r.datasource_id)]));
    this.fences = new Map(rows.filter((r) => r.since !== null).map((r) => [r.tenant_id, String(r.since)]));
  }

  /** Sets where the tenant's rows are now (the move has committed the change in the bindings table). */
  setBinding(tenantId: string, datasourceId: string | undefined): void {
    if (datasourceId === undefined) this.bindings.delete(tenantId);
    else this.bindings.set(tenantId, datasourceId);
  }

  /** Runs a move of the tenant's rows; this process refuses the tenant's new statements meanwhile (`moving`). */
  async fenced<T>(tenantId: string, move: () => Promise<T>): Promise<T> {
    if (this.moves.has(tenantId)) throw new Error(`tenant ${tenantId} is already being moved`);
    this.moves.add(tenantId);
    try {
      return await move();
    } finally {
      this.moves.delete(tenantId);
    }
  }

  /** The fences this process has read (each named by its tenant and `since`), to confirm to the mover. */
  get fencesRead(): { tenantId: string; name: string }[] {
    return [...this.fences].map(([tenantId, since]) => ({ tenantId, name: fenceName(tenantId, since) }));
  }

  /** This process lifted the tenant's fence (it already knows where the rows are). */
  forgetFence(tenantId: string): void {
    this.fences.delete(tenantId);
  }

  enter(tenantId: string): void {
    this.inflight.set(tenantId, (this.inflight.get(tenantId) ?? 0) + 1);
  }

  leave(tenantId: string): void {
    const left = (this.inflight.get(tenantId) ?? 1) - 1;
    if (left > 0) this.inflight.set(tenantId, left);
    else this.inflight.delete(tenantId);
  }

  /**
   * Whether the tenant's statements that started before this process read its fence have
   * all ended (waiting up to `ms`): until then the process does not confirm the fence, as
   * one of them could still reach the database the rows are leaving after the copy.
   */
  async drained(tenantId: string, ms: number): Promise<boolean> {
    for (const until = Date.now() + ms; this.inflight.has(tenantId);) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  }

  moving(tenantId: string): boolean {
    return this.moves.has(tenantId) || this.fences.has(tenantId);
  }

  /** Every tenant `moving` answers true for. */
  movingTenants(): string[] {
    return [...new Set([...this.moves, ...this.fences.keys()])];
  }

  /** A connection spec's own Kysely handle (DDL, moves): the caller closes it. */
  async openDirect(datasourceId: string, max = 2): Promise<{ db: Db; close(): Promise<void> }> {
    const pool = await this.newPool(await this.resolve(datasourceId), max);
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  }

  private async newPool(spec: ConnectionSpec, max: number) {
    const pg = await loadPg();
    const pool = new pg.Pool({
      host: spec.host, port: spec.port, database: spec.database, user: spec.user, password: spec.password,
      max, idleTimeoutMillis: 10_000, connectionTimeoutMillis: this.opts.connectTimeoutMs, types: pgTypes(pg),
    });
    guardPool(pool, `tenant database ${spec.host}/${spec.database}`);
    return pool;
  }

  /** Creates, in a tenant database, the tables a tenant's rows need there (never dropping or altering). */
  async prepare(db: Db): Promise<void> {
    await syncTables(db, this.tables.modelsIn(this.models), console.warn);
    for (const install of this.installers) await install(db);
  }

  /** A model installed at run time: its table in every tenant database too. */
  async modelInstalled(models: EntityModel[], model: EntityModel): Promise<void> {
    this.setModels(models);
    if (!this.tables.isTenantTable(model.table)) return;
    for (const datasourceId of new Set(this.bindings.values())) {
      const direct = await this.openDirect(datasourceId);
      try {
        await syncTables(direct.db, [model], console.warn);
      } finally {
        await direct.close();
      }
    }
  }

  private entry(datasourceId: string): Promise<Entry> | Entry {
    const found = this.pools.get(datasourceId);
    if (found) return found;
    return this.resolve(datasourceId).then((spec) => this.newPool(spec, this.opts.maxConnections)).then((pool) => {
      const raced = this.pools.get(datasourceId);
      if (raced) {
        void pool.end();
        return raced;
      }
      const driver = new PostgresDialect({ pool }).createDriver();
      const entry: Entry = { pool, driver, ready: driver.init(), busy: 0 };
      this.pools.set(datasourceId, entry);
      return entry;
    });
  }

  async acquire(datasourceId: string): Promise<{ driver: Driver; connection: DatabaseConnection }> {
    const entry = await this.entry(datasourceId);
    entry.busy++;
    clearTimeout(entry.timer);
    try {
      await entry.ready;
      return { driver: entry.driver, connection: await entry.driver.acquireConnection() };
    } catch (error) {
      this.idle(datasourceId, entry);
      throw error;
    }
  }

  async release(datasourceId: string, driver: Driver, connection: DatabaseConnection): Promise<void> {
    await driver.releaseConnection(connection);
    const entry = this.pools.get(datasourceId);
    if (entry?.driver === driver) this.idle(datasourceId, entry);
  }

  private idle(datasourceId: string, entry: Entry): void {
    entry.busy--;
    if (entry.busy > 0) return;
    entry.timer = setTimeout(() => void this.close(datasourceId), this.opts.idleMs);
    entry.timer.unref();
  }

  /** Closes a data source's pool (idle, or its row changed); the next statement opens a new one. */
  async close(datasourceId: string): Promise<void> {
    const entry = this.pools.get(datasourceId);
    if (!entry || entry.busy > 0) return;
    this.pools.delete(datasourceId);
    clearTimeout(entry.timer);
    await entry.driver.destroy().catch(() => undefined);
  }

  /** Data sources with an open pool. */
  get open(): string[] {
    return [...this.pools.keys()];
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.pools.keys()].map(async (k) => {
      const entry = this.pools.get(k)!;
      this.pools.delete(k);
      clearTimeout(entry.timer);
      await entry.driver.destroy().catch(() => undefined);
    }));
  }
}

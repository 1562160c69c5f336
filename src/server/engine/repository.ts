import { sql, type SelectQueryBuilder } from 'kysely';
import { fieldOf } from '../../shared/schema/entity-model.js';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import type { Database, Db } from '../db/database.js';
import { forEachCursorBatch } from '../db/cursor-batches.js';
import { acrossTenants, routeTo } from '../db/tenant-scope.js';
import { searchRouteOf } from '../db/row-security-search.js';
import type { DriftItem } from '../db/drift.js';
import { driftErrorFor } from '../db/drift-error.js';
import { datasourceErrorFor } from '../db/datasource-error.js';
import type { IdGenerator } from '../db/ids.js';
import { anyOf, conditionsKey, whereAll, type Condition, type Dialect } from './conditions.js';
import type { RowScope } from './access-policy.js';
import type { CountCache, Counted } from './list-reader/count-cache.js';
import { isIntegral, rowMatcher, type LoggedRow } from './list-reader/row-matcher.js';
import { loggedRow } from './list-reader/write-log.js';
import { indexWalkOf, walkCondition, walkGroups, type IndexWalk, type WalkPosition } from './list-reader/index-walk.js';
import { keyReadColumns, liveRows, readByKey, readByKeys } from './list-reader/key-read.js';
import type { PageAnchors } from './list-reader/page-anchors.js';
import type { PageKeys } from './list-reader/page-keys.js';
import type { KeptRows } from './list-reader/kept-rows.js';
import type { OrderBy, Paging } from './list-reader/paging.js';
import { outputColumns, recordToRow, rowToRecord, type EntityRecord, type Row } from './record-codec.js';
import { PLATFORM_TENANT, type RequestContext } from './request-context.js';
import { andThen, type MaybePromise } from '../../shared/maybe-promise.js';

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Where an index walk's batch says its last row is (the key's and the column's values as text). */
const WALK_KEY = 'atrium_walk_key';
const WALK_COLUMN = 'atrium_walk_column';

/** Rows a non-paged read answers at most; trees and selects are meant to be small. */
export const LIST_LIMIT = 5000;
/**
 * A filtered page whose exact total is at most this reads all its matches (through the
 * filter's index, e.g. trigram) and sorts them, instead of walking the sort order until
 * enough rows match: that walk crosses most of a big table when the matches sit together
 * far down the order (a key fragment, `name 12…` among a million names).
 */
const FEW_MATCHES = 20_000;
/** From this offset on, pages are found through the primary key index first. */
const DEFERRED_JOIN_OFFSET = 500;

type Query = SelectQueryBuilder<any, any, any>;

/** A data source's pool (x-datasource entities run their queries on it). */
export interface ExternalConnection {
  db: Db;
  dialect: Dialect;
}

/** Connections of the data sources, by the id or name a schema's x-datasource gives. */
export interface ExternalConnections {
  connectionOf(datasource: string): Promise<ExternalConnection>;
}

const scopeKey = (scope?: RowScope) => (scope ? JSON.stringify(scope.map(conditionsKey)) : 'all');

/** The transaction's id, returned with each written row (the count cache tells by it whether a count saw the write). */
const XID = sql<string>`pg_current_xact_id()::text`.as('atrium_xid');

type Change = [LoggedRow | null, LoggedRow | null];

/** What one transaction wrote through the engine, logged for the list totals once it commits. */
class TransactionWrites {
  readonly changes = new Map<string, { xid: string; rows: Change[] }>();
  readonly undescribed = new Set<string>();
  /** The transaction's connection was handed out (`repo.db`): its own SQL may have written anything, savepoints included. */
  raw = false;
  readonly tasks: (() => Promise<void>)[] = [];

  async flush(counts: CountCache): Promise<void> {
    for (const [table, write] of this.changes) {
      if (this.raw) await counts.invalidate(table);
      else await counts.logged(table, write);
    }
    for (const table of this.undescribed) if (!this.changes.has(table)) await counts.invalidate(table);
  }
}

/** The columns a logged row keeps: what filters and data scopes can name, plus tenant and deletion marks. */
function loggedColumns(model: EntityModel): string[] {
  const columns = new Set(outputColumns(model));
  if (model.tenancy === 'tenant') columns.add('tenant_id');
  if (model.logicalDelete) columns.add('is_deleted');
  return [...columns];
}

/**
 * Transport-free reads and writes of any entity. Every query is limited to the
 * caller's tenant (tenant entities) and to live rows (logical delete).
 */
export class Repository {
  /**
   * @param tx set inside a transaction: the writes logged for list totals after the commit
   *   (so no reader counts uncommitted data in) and the tasks run then.
   */
  constructor(
    private readonly deps: {
      db: Db;
      ids: IdGenerator;
      counts: CountCache;
      /** First-page keys kept like the totals (absent: every page is read). */
      pageKeys?: PageKeys;
      /** Anchors of deep pages kept like the totals (absent: deep pages walk the key index). */
      pageAnchors?: PageAnchors;
      /** Rows of kept pages answered without a statement while no logged write touched them (absent: read each time). */
      keptRows?: KeptRows;
      /** Differences between schemas and tables found at start: a failing query on one names them. */
      drift?: readonly DriftItem[];
      external?: ExternalConnections;
      /** The platform database's engine: how `forEachBatch` reads (a cursor, see db/cursor-batches, or on PGlite key ranges). */
      kind?: Database['kind'];
      /**
       * Whether a tenant's contains-searches on trigram-indexed tables go through `atrium_search_ids`:
       * row security is on and the tenant's rows are in the platform's database (db/row-security-search.ts).
       */
      searchesThroughFunction?: (tenantId: string) => boolean;
    },
    private readonly tx?: TransactionWrites,
  ) {}

  get db(): Db {
    if (this.tx) this.tx.raw = true;
    return this.deps.db;
  }

  /** Runs `fn` in one transaction; inside a transaction, joins it. */
  async transaction<T>(fn: (repo: Repository) => Promise<T>): Promise<T> {
    if (this.tx) return fn(this);
    const tx = new TransactionWrites();
    const result = await this.deps.db.transaction().execute((trx) => fn(new Repository({ ...this.deps, db: trx }, tx)));
    await tx.flush(this.deps.counts);
    for (const task of tx.tasks) await task();
    return result;
  }

  /** Runs `task` once the current transaction has committed (at once outside one); a rollback drops it. */
  async afterCommit(task: () => Promise<void>): Promise<void> {
    if (this.tx) this.tx.tasks.push(task);
    else await task();
  }

  /**
   * Where the model's rows live: the platform's database (joining the current transaction)
   * or its data source's pool, which no platform transaction spans.
   */
  private dbOf(model: EntityModel): MaybePromise<ExternalConnection> {
    if (!model.datasource) return { db: this.deps.db, dialect: 'postgres' };
    if (!this.deps.external) throw new Error(`${model.source}: no data source connections for x-datasource "${model.datasource}"`);
    return this.deps.external.connectionOf(model.datasource);
  }

  /** Runs a query; a failure caused by schema drift is answered with what differs and the fix. */
  private guarded<T>(model: EntityModel, ctx: RequestContext, run: (db: Db, dialect: Dialect) => Promise<T>): Promise<T> {
    const explained = (error: unknown) => model.datasource ? datasourceErrorFor(error, model) : driftErrorFor(error, model, this.deps.drift ?? []);
    // The platform's own context (systemContext, the named bypass) may write and read any
    // tenant's rows under row security; its tenant condition above still applies.
    // The rows are one tenant's (the tenant condition, or links read for a tenant): its
    // database, should it have one of its own (db/tenant-router.ts).
    const tenant = model.tenancy === 'tenant' || ctx.tenantId !== PLATFORM_TENANT ? ctx.tenantId : undefined;
    const inScope = ({ db, dialect }: ExternalConnection) => {
      const routed = () => (tenant === undefined ? run(db, dialect) : routeTo(tenant, () => run(db, dialect)));
      return ctx.isSystem ? acrossTenants(routed) : routed();
    };
    try {
      // Not an async function: the usual read makes no promise of its own beyond its statement's and this catch.
      return Promise.resolve(andThen(this.dbOf(model), inScope)).catch((error: unknown) => { throw explained(error); });
    } catch (error) {
      return Promise.reject(explained(error));
    }
  }

  private async invalidate(table: string): Promise<void> {
    if (this.tx) this.tx.undescribed.add(table);
    else await this.deps.counts.invalidate(table);
  }

  /** Rows a write changed (with the transaction id they came back with), for the list totals: at once, or after the commit. */
  private async logChanges(model: EntityModel, returned: Row[], change: (row: Row) => Change): Promise<void> {
    if (returned.length === 0) return;
    const xid = String(returned[0].atrium_xid);
    const rows = returned.map(change);
    if (!this.tx) return this.deps.counts.logged(model.table, { xid, rows });
    const write = this.tx.changes.get(model.table) ?? { xid, rows: [] };
    write.rows.push(...rows);
    this.tx.changes.set(model.table, write);
  }

  private scoped(model: EntityModel, ctx: RequestContext, query: Query): Query {
    return liveRows(model, ctx.tenantId, query);
  }

  /**
   * `keyed`: the caller narrows the rows to a few known keys, so a contains-search stays a
   * plain LIKE filtering those (allowed under row security), not a search of the whole table.
   */
  private from(db: Db, dialect: Dialect, model: EntityModel, ctx: RequestContext, conditions: Condition[], scope?: RowScope, keyed = false): Query {
    let q = this.scoped(model, ctx, db.selectFrom(model.table));
    const route = !keyed && this.deps.searchesThroughFunction?.(ctx.tenantId) ? searchRouteOf(model) : undefined;
    if (conditions.length) q = q.where((eb) => whereAll(eb, conditions, dialect, route));
    return scope ? q.where((eb) => anyOf(eb, scope, dialect, route)) : q;
  }

  private ordered(q: Query, order: OrderBy[]): Query {
    return order.reduce((acc, o) => acc.orderBy(o.column, o.dir), q);
  }

  async page(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; paging: Paging; order: OrderBy[]; scope?: RowScope }): Promise<Page<EntityRecord>> {
    const { current, size } = opts.paging;
    const offset = (current - 1) * size;
    let rows: Row[], total: number;
    // A filter's exact total decides how its rows are read: a few matches through the filter's
    // own index, then sorted (see FEW_MATCHES). It is asked in the same turn as the kept keys,
    // so both share one read of the write log; the keys wait for it only when they must be read.
    const counting = opts.conditions.length > 0 ? this.total(model, ctx, opts.conditions, opts.scope) : undefined;
    const fewer = counting?.then((n) => n <= FEW_MATCHES);
    fewer?.catch(() => undefined); // a failed count rejects through `counting`; this copy may go unawaited
    const kept = offset === 0 ? this.keptPage(model, ctx, opts, size, fewer) : undefined;
    if (kept) {
      const [keys, counted] = await Promise.all([kept, counting ?? this.total(model, ctx, opts.conditions, opts.scope)]);
      total = counted;
      rows = keys === undefined ? await this.pageRows(model, ctx, opts, offset, size, counted <= FEW_MATCHES && counting !== undefined) : await this.rowsOfKeys(model, ctx, opts, keys);
    } else if (!counting) {
      [rows, total] = await Promise.all([this.pageAt(model, ctx, opts, offset, size, false), this.total(model, ctx, opts.conditions, opts.scope)]);
    } else {
      total = await counting;
      rows = offset >= total ? [] : await this.pageAt(model, ctx, opts, offset, size, total <= FEW_MATCHES);
    }
    return { records: rows.map((r) => rowToRecord(model, r)), total, size, current, pages: Math.ceil(total / size) };
  }

  /** The list's key and order when it is ordered by an integral primary key alone, outside transactions, in the platform's database. */
  private keyOrdered(model: EntityModel, order: OrderBy[]): { pk: string; desc: boolean; dir: 'asc' | 'desc' } | undefined {
    const key = keyFieldOf(model);
    if (this.tx || model.datasource || order.length !== 1 || order[0].column !== key.column || !isIntegral(key)) return undefined;
    return { pk: key.column, desc: order[0].dir === 'desc', dir: order[0].dir };
  }

  /** What a list's cached total, first-page keys and anchors are kept under: its tenant, filters and data scope. */
  private listKey(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; scope?: RowScope }): string {
    return `${model.tenancy === 'tenant' ? ctx.tenantId : '*'}|${conditionsKey(opts.conditions)}|${scopeKey(opts.scope)}`;
  }

  /** Up to `limit` keys of the list from `offset` on, in its order, with the snapshot of the read. */
  private async keysAt(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, offset: number, limit: number, few: boolean): Promise<{ keys: string[]; snapshot: string }> {
    const { pk, dir } = this.keyOrdered(model, opts.order)!;
    const row = await this.guarded(model, ctx, (db, dialect) => {
      const all = this.from(db, dialect, model, ctx, opts.conditions, opts.scope).select(sql.ref(pk).as('k'));
      const matches = few ? db.selectFrom(all.offset(0).as('atrium_matches')).select('k').orderBy('k', dir) : this.ordered(all, opts.order);
      return db.selectFrom(matches.limit(limit).offset(offset).as('atrium_keys'))
        .select([sql<string>`coalesce(string_agg(k::text, ',' order by k ${sql.raw(dir)}), '')`.as('keys'), sql<string>`pg_current_snapshot()::text`.as('s')]).executeTakeFirst();
    });
    return { keys: row?.keys ? String(row.keys).split(',') : [], snapshot: String(row?.s) };
  }

  /** The keys of a first page kept by PageKeys; undefined when this list does not qualify. */
  private keptPage(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, size: number, fewer?: Promise<boolean>): Promise<string[] | undefined> | undefined {
    const ordered = this.keyOrdered(model, opts.order);
    if (!this.deps.pageKeys || !ordered) return undefined;
    return this.deps.pageKeys.first(model.table, this.listKey(model, ctx, opts), {
      pk: ordered.pk, desc: ordered.desc, size, match: rowMatcher(model, ctx.tenantId, opts.conditions, opts.scope),
      read: async (limit) => this.keysAt(model, ctx, opts, 0, limit, (await fewer) ?? false),
    });
  }

  /**
   * A page past the first ones: from the nearest PageAnchors anchor when the list is in key
   * order and its filter can follow writes (few matches are read through the filter instead).
   */
  private async pageAt(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, offset: number, size: number, few: boolean): Promise<Row[]> {
    const ordered = this.keyOrdered(model, opts.order);
    if (!this.deps.pageAnchors || !ordered || few || offset < DEFERRED_JOIN_OFFSET) return this.pageRows(model, ctx, opts, offset, size, few);
    const at = await this.deps.pageAnchors.locate(model.table, this.listKey(model, ctx, opts), offset, size, {
      pk: ordered.pk, desc: ordered.desc, match: rowMatcher(model, ctx.tenantId, opts.conditions, opts.scope),
      keysAt: (from, limit) => this.keysAt(model, ctx, opts, from, limit, false),
    });
    if (!at) return this.pageRows(model, ctx, opts, offset, size, few);
    if ('keys' in at) return this.rowsOfKeys(model, ctx, opts, at.keys, at.near);
    return this.guarded(model, ctx, (db, dialect) =>
      this.ordered(this.from(db, dialect, model, ctx, opts.conditions, opts.scope).select(outputColumns(model)).where(ordered.pk, ordered.desc ? '<=' : '>=', at.from), opts.order)
        .limit(size).offset(at.skip).execute());
  }

  /** The rows of kept keys, in the list's order; a row changed meanwhile so that it no longer matches is left out. */
  private rowsOfKeys(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, keys: string[], near?: string[]): Promise<Row[]> {
    if (!this.deps.keptRows || this.tx || model.datasource) return this.readRowsOfKeys(model, ctx, opts, keys);
    return this.deps.keptRows.of(model.table, this.listKey(model, ctx, opts), model, keyFieldOf(model).column, keys, (missing) => this.readRowsOfKeys(model, ctx, opts, missing), near);
  }

  private async readRowsOfKeys(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, keys: string[]): Promise<Row[]> {
    if (keys.length === 0) return [];
    const pk = keyFieldOf(model).column;
    // Without filters or a data scope (an unfiltered list of a caller without data scope): the statement compiled once (key-read.ts).
    if (opts.conditions.length === 0 && opts.scope === undefined && !model.datasource) {
      return this.guarded(model, ctx, (db) => readByKeys(db, model, opts.order, ctx.tenantId, keys));
    }
    return this.guarded(model, ctx, (db, dialect) =>
      this.ordered(this.from(db, dialect, model, ctx, opts.conditions, opts.scope, true).select(outputColumns(model)).where(pk, 'in', keys), opts.order).execute());
  }

  private pageRows(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, offset: number, size: number, few = false): Promise<Row[]> {
    const { conditions, order, scope } = opts;
    const pk = keyFieldOf(model).column;
    return this.guarded(model, ctx, async (db, dialect) => {
      if (few && dialect === 'postgres') {
        // `offset 0` keeps the matches a subquery of its own: PostgreSQL reads them the cheapest way, then sorts.
        const matches = this.from(db, dialect, model, ctx, conditions, scope).select(outputColumns(model)).offset(0);
        return this.ordered(db.selectFrom(matches.as('atrium_matches')).selectAll(), order).limit(size).offset(offset).execute();
      }
      if (offset < DEFERRED_JOIN_OFFSET || dialect === 'mysql') {
        const q = this.ordered(this.from(db, dialect, model, ctx, conditions, scope).select(outputColumns(model)), order);
        return q.limit(size).offset(offset).execute();
      }
      const keys = this.ordered(this.from(db, dialect, model, ctx, conditions, scope).select(pk), order).limit(size).offset(offset);
      const q = db.selectFrom(model.table).select(outputColumns(model)).where(pk, 'in', keys);
      return this.ordered(q, order).execute();
    });
  }

  /** The page's total: cached (see CountCache) outside transactions, whose own uncommitted writes a count would see. */
  private total(model: EntityModel, ctx: RequestContext, conditions: Condition[], scope?: RowScope): Promise<number> {
    if (this.tx) return this.count(model, ctx, conditions, scope);
    const key = this.listKey(model, ctx, { conditions, scope });
    if (model.datasource) return this.deps.counts.total(cacheTable(model), key, async () => ({ n: await this.count(model, ctx, conditions, scope) }));
    const counted = async (): Promise<Counted> => {
      const row = await this.guarded(model, ctx, (db, dialect) =>
        this.from(db, dialect, model, ctx, conditions, scope).select([sql<number>`count(*)`.as('n'), sql<string>`pg_current_snapshot()::text`.as('s')]).executeTakeFirst());
      return { n: Number(row?.n ?? 0), snapshot: row?.s };
    };
    return this.deps.counts.total(model.table, key, counted, rowMatcher(model, ctx.tenantId, conditions, scope));
  }

  async count(model: EntityModel, ctx: RequestContext, conditions: Condition[], scope?: RowScope): Promise<number> {
    const row = await this.guarded(model, ctx, (db, dialect) => this.from(db, dialect, model, ctx, conditions, scope).select(sql<number>`count(*)`.as('n')).executeTakeFirst());
    return Number(row?.n ?? 0);
  }

  async list(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }): Promise<EntityRecord[]> {
    const rows = await this.guarded(model, ctx, (db, dialect) =>
      this.ordered(this.from(db, dialect, model, ctx, opts.conditions, opts.scope).select(outputColumns(model)), opts.order).limit(LIST_LIMIT).execute());
    return rows.map((r) => rowToRecord(model, r));
  }

  /**
   * Every matching row in order, `size` at a time through a server-side cursor (exports), or
   * on PGlite by index walks when an index holds the list's order (see forEachByIndex):
   * `onBatch` has each batch before the next is read. The platform's database only.
   */
  async forEachBatch(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, size: number, onBatch: (records: EntityRecord[]) => Promise<void>): Promise<void> {
    if (model.datasource) throw new Error(`${model.source}: batches are read from the platform's database only`);
    const walk = this.deps.kind === 'pglite' && !this.tx ? indexWalkOf(model, opts.order) : undefined;
    if (walk) return this.forEachByIndex(model, ctx, opts, walk, size, onBatch);
    const query = this.ordered(this.from(this.deps.db, 'postgres', model, ctx, opts.conditions, opts.scope).select(outputColumns(model)), opts.order).compile();
    // The driver's rows are dropped as they are mapped (the helper keeps its array while onBatch runs).
    await forEachCursorBatch({ db: this.deps.db, kind: this.deps.kind ?? 'postgres' }, query, size, (rows) => onBatch(rows.splice(0).map((r) => rowToRecord(model, r))));
  }

  /**
   * PGlite, a list in an order an index holds (its key, or a column then the key: see
   * index-walk.ts): each batch is one statement of its own, the next `size` rows past the
   * last one read in that order (no held cursor, whose declaration runs the whole query —
   * and in any other order sorts every row — in one blocking step on the embedded
   * database's only connection: 1.9 s at 1M rows in key order, 4–12 s by release time).
   * Rows are as each batch finds them, not one snapshot. A table not analyzed yet (PGlite
   * has no autovacuum; db/pglite-maintenance.ts analyzes within a minute of a bulk write)
   * makes the planner, expecting a few rows, read every row past the position through a
   * bitmap scan and sort them (2.1 s a batch at 1M rows): sorting and bitmap scans are off
   * for the statement, which then walks the index (ties of a mixed-direction order are put
   * in key order by an incremental sort, group by group).
   */
  private async forEachByIndex(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }, walk: IndexWalk, size: number, onBatch: (records: EntityRecord[]) => Promise<void>): Promise<void> {
    const order = walk.column ? [walk.column, walk.key] : [walk.key];
    const positionColumns = [sql<string>`${sql.ref(walk.key.column)}::text`.as(WALK_KEY), sql<string | null>`${walk.column ? sql`${sql.ref(walk.column.column)}::text` : sql`null`}`.as(WALK_COLUMN)];
    for (const nulls of walkGroups(walk)) {
      const position: WalkPosition = { nulls };
      for (;;) {
        // PGlite answers without a turn of the event loop: requests and file I/O get one here.
        await new Promise(setImmediate);
        const rows = await this.deps.db.transaction().execute(async (trx) => {
          await sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`.execute(trx);
          const all = this.from(trx, 'postgres', model, ctx, opts.conditions, opts.scope).select([...outputColumns(model), ...positionColumns]);
          const past = walkCondition(walk, position);
          return this.ordered(past ? all.where(past) : all, order).limit(size).execute();
        });
        const count = rows.length;
        if (count > 0) position.last = { key: String(rows[count - 1][WALK_KEY]), column: rows[count - 1][WALK_COLUMN] as string | null };
        if (count > 0) await onBatch(rows.splice(0).map((r) => rowToRecord(model, r)));
        if (count < size) break;
      }
    }
  }

  /** Direct children of a parent, each with `hasChildren`. */
  async children(model: EntityModel, ctx: RequestContext, opts: { conditions: Condition[]; order: OrderBy[]; scope?: RowScope }): Promise<(EntityRecord & { hasChildren: boolean })[]> {
    const tree = model.tree!;
    const parentColumn = fieldOf(model, tree.parentField)!.column;
    const pk = keyFieldOf(model).column;
    const t = model.table;
    const childLive = model.logicalDelete ? sql` and c.is_deleted = 0` : sql``;
    const hasChildren = sql<boolean>`exists (select 1 from ${sql.table(t)} c where c.${sql.ref(parentColumn)} = ${sql.table(t)}.${sql.ref(pk)}${childLive})`;
    const rows = await this.guarded(model, ctx, (db, dialect) =>
      this.ordered(this.from(db, dialect, model, ctx, opts.conditions, opts.scope).select([...outputColumns(model), hasChildren.as('has_children')]), opts.order).limit(LIST_LIMIT).execute());
    return rows.map((r) => ({ ...rowToRecord(model, r), hasChildren: Boolean(r.has_children) }));
  }

  findByKey(model: EntityModel, ctx: RequestContext, key: string, withSecrets = false, scope?: RowScope): Promise<EntityRecord | undefined> {
    return this.readKeyRow(model, ctx, key, withSecrets, scope).then((row) => row && keyReadRecord(model, row, withSecrets));
  }

  private readKeyRow(model: EntityModel, ctx: RequestContext, key: string, withSecrets: boolean, scope?: RowScope): Promise<Row | undefined> {
    // Without a data scope it is the statement compiled once per model (key-read.ts).
    if (scope === undefined && !model.datasource) return this.guarded(model, ctx, (db) => readByKey(db, model, withSecrets, ctx.tenantId, key));
    const pk = keyFieldOf(model).column;
    return this.guarded(model, ctx, (db, dialect) => this.from(db, dialect, model, ctx, [], scope).select(keyReadColumns(model, withSecrets)).where(pk, '=', key).executeTakeFirst());
  }

  /**
   * A detail's record with its secrets (the caller masks them), kept like a kept page's rows
   * (KeptRows) under a list of its own: reading a row again while no logged write touched it
   * (and at least once a second) takes no statement. Elsewhere — a transaction, a data source,
   * a key not in its canonical form (a kept row answers the text it was read under) — it is
   * `findByKey`. Writes read their row with `findByKey`, never from here.
   */
  async findKept(model: EntityModel, ctx: RequestContext, key: string, scope?: RowScope): Promise<EntityRecord | undefined> {
    const kept = this.deps.keptRows;
    const pk = keyFieldOf(model);
    if (!kept || this.tx || model.datasource || !isIntegral(pk) || !CANONICAL_INTEGER.test(key)) return this.findByKey(model, ctx, key, true, scope);
    const listKey = `${KEY_READS}${this.listKey(model, ctx, { conditions: [], scope })}`;
    const read = () => this.readKeyRow(model, ctx, key, true, scope).then((row) => (row ? [row] : []));
    const row = await kept.ofKey(model.table, listKey, model, pk.column, key, read);
    return row && keyReadRecord(model, row, true);
  }

  /** Whether a live row matches the conditions, other than the one with `exceptKey`. */
  async exists(model: EntityModel, ctx: RequestContext, conditions: Condition[], exceptKey?: string): Promise<boolean> {
    const pk = keyFieldOf(model).column;
    return this.guarded(model, ctx, async (db, dialect) => {
      let q = this.from(db, dialect, model, ctx, conditions).select(pk);
      if (exceptKey !== undefined) q = q.where(pk, '<>', exceptKey);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    });
  }

  async insert(model: EntityModel, ctx: RequestContext, values: EntityRecord): Promise<string> {
    return (await this.insertReturning(model, ctx, values)).key;
  }

  /** insert, answering also the record as stored when the statement returned it (platform tables). */
  async insertReturning(model: EntityModel, ctx: RequestContext, values: EntityRecord): Promise<{ key: string; record?: EntityRecord }> {
    const now = sql`localtimestamp(0)`;
    const row: Row = recordToRow(model, values);
    if (model.generatedId) row.id = this.deps.ids.next();
    if (model.tenancy === 'tenant') row.tenant_id = ctx.tenantId;
    if (model.audit) {
      Object.assign(row, { create_user: ctx.userId, create_dept: ctx.deptId, create_time: now, update_user: ctx.userId, update_time: now });
      row.status ??= 1;
    }
    if (model.logicalDelete) row.is_deleted = 0;
    const pk = keyFieldOf(model).column;
    const given = row[pk] !== undefined && row[pk] !== null && row[pk] !== '';
    if (!given) delete row[pk];
    if (!model.datasource) {
      const returned = await this.guarded(model, ctx, (db) => db.insertInto(model.table).values(row).returning([...loggedColumns(model), XID] as any).execute()) as Row[];
      await this.logChanges(model, returned, (r) => [null, loggedRow(r, loggedColumns(model))]);
      return { key: String(returned[0][pk]), record: rowToRecord(model, returned[0]) };
    }
    const key = await this.guarded(model, ctx, async (db, dialect) => {
      if (given) {
        await db.insertInto(model.table).values(row).execute();
        return row[pk];
      }
      // A key the database generates (identity, serial, auto_increment).
      if (dialect === 'mysql') return (await db.insertInto(model.table).values(row).executeTakeFirst()).insertId;
      return (await db.insertInto(model.table).values(row).returning(pk).executeTakeFirst())?.[pk];
    });
    await this.invalidate(cacheTable(model));
    return { key: String(key) };
  }

  /** Updates a live row of the caller's tenant; answers whether one was found. */
  async update(model: EntityModel, ctx: RequestContext, key: string, values: EntityRecord): Promise<boolean> {
    return (await this.updateReturning(model, ctx, key, values)) !== false;
  }

  /** update, answering false when no live row was found, else the record as stored when the statement returned it (platform tables). */
  async updateReturning(model: EntityModel, ctx: RequestContext, key: string, values: EntityRecord): Promise<false | { record?: EntityRecord }> {
    const found = (yes: boolean) => (yes ? {} : false);
    const pk = keyFieldOf(model).column;
    const row: Row = recordToRow(model, values);
    delete row[pk];
    if (model.audit) Object.assign(row, { update_user: ctx.userId, update_time: sql`localtimestamp(0)` });
    if (Object.keys(row).length === 0) return found((await this.findByKey(model, ctx, key)) !== undefined);
    if (!model.datasource) return this.updateLogged(model, ctx, key, row);
    const result = await this.guarded(model, ctx, (db) => {
      let q = db.updateTable(model.table).set(row).where(pk, '=', key);
      if (model.tenancy === 'tenant') q = q.where('tenant_id', '=', ctx.tenantId);
      if (model.logicalDelete) q = q.where('is_deleted', '=', 0);
      return q.executeTakeFirst();
    });
    await this.invalidate(cacheTable(model));
    // MySQL counts changed rows only: an unchanged row is still found.
    return found(Number(result.numUpdatedRows) > 0 || (model.datasource !== undefined && (await this.findByKey(model, ctx, key)) !== undefined));
  }

  /**
   * The update of a platform table, returning the row before (locked by the statement's
   * `for update`, so it is the version this update replaced) and after.
   */
  private async updateLogged(model: EntityModel, ctx: RequestContext, key: string, row: Row): Promise<false | { record: EntityRecord }> {
    const pk = keyFieldOf(model).column;
    const columns = loggedColumns(model);
    const t = model.table;
    const returned = await this.guarded(model, ctx, (db) => {
      let old = db.selectFrom(t).select(columns).where(pk, '=', key);
      if (model.tenancy === 'tenant') old = old.where('tenant_id', '=', ctx.tenantId);
      if (model.logicalDelete) old = old.where('is_deleted', '=', 0);
      return (db as Db).with('atrium_old', () => old.forUpdate()).updateTable(t).set(row).from('atrium_old').whereRef(`${t}.${pk}`, '=', `atrium_old.${pk}` as any)
        .returning([...columns.map((c, i) => sql.ref(`${t}.${c}`).as(`a${i}`)), ...columns.map((c, i) => sql.ref(`atrium_old.${c}`).as(`b${i}`)), XID] as any).execute();
    });
    const side = (r: Row, prefix: string) => loggedRow(Object.fromEntries(columns.map((c, i) => [c, r[`${prefix}${i}`]])), columns);
    await this.logChanges(model, returned, (r) => [side(r, 'b'), side(r, 'a')]);
    if (returned.length === 0) return false;
    const after = returned[0] as Row;
    return { record: rowToRecord(model, Object.fromEntries(columns.map((c, i) => [c, after[`a${i}`]]))) };
  }

  /** Logical or physical delete of the caller's rows; answers how many went. */
  /**
   * Removes the rows of `keys`; `allVisibleIn`: only if every one of them is live and in
   * that data scope, checked in the same statement (else none is removed and it answers 0).
   */
  async remove(model: EntityModel, ctx: RequestContext, keys: string[], allVisibleIn?: { scope?: RowScope }): Promise<number> {
    const pk = keyFieldOf(model).column;
    const tenant = (q: any) => (model.tenancy === 'tenant' ? q.where('tenant_id', '=', ctx.tenantId) : q);
    if (!model.datasource) {
      const columns = loggedColumns(model);
      const returning = [...columns, XID] as any;
      const returned: Row[] = await this.guarded(model, ctx, async (db, dialect) => {
        const all = (q: any) => {
          if (!allVisibleIn) return q;
          const visible = this.from(db, dialect, model, ctx, [{ field: keyFieldOf(model), op: 'in', value: keys }], allVisibleIn.scope).select(sql<number>`count(*)`.as('n'));
          return q.where(visible, '=', keys.length);
        };
        if (!model.logicalDelete) return all(tenant(db.deleteFrom(model.table).where(pk, 'in', keys))).returning(returning).execute();
        const set: Row = { is_deleted: 1 };
        if (model.audit) Object.assign(set, { update_user: ctx.userId, update_time: sql`localtimestamp(0)` });
        return all(tenant(db.updateTable(model.table).set(set).where(pk, 'in', keys).where('is_deleted', '=', 0))).returning(returning).execute();
      });
      await this.logChanges(model, returned, (r) => {
        const row = loggedRow(r, columns);
        if (!model.logicalDelete) return [row, null];
        // Before: the same row live, its audit columns of before unknown.
        const before: LoggedRow = { ...row, is_deleted: '0' };
        delete before.update_user;
        delete before.update_time;
        return [before, row];
      });
      return returned.length;
    }
    const affected = await this.guarded(model, ctx, async (db) => {
      if (model.logicalDelete) {
        const set: Row = { is_deleted: 1 };
        if (model.audit) Object.assign(set, { update_user: ctx.userId, update_time: sql`localtimestamp(0)` });
        return (await tenant(db.updateTable(model.table).set(set).where(pk, 'in', keys).where('is_deleted', '=', 0)).executeTakeFirst()).numUpdatedRows;
      }
      return (await tenant(db.deleteFrom(model.table).where(pk, 'in', keys)).executeTakeFirst()).numDeletedRows;
    });
    await this.invalidate(cacheTable(model));
    return Number(affected);
  }

  /** Keys among `keys` that have at least one live child matching `conditions`. */
  async parentsWithChildren(model: EntityModel, ctx: RequestContext, keys: string[], conditions: Condition[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const parent = fieldOf(model, model.tree!.parentField)!.column;
    const rows = await this.guarded(model, ctx, (db, dialect) =>
      this.from(db, dialect, model, ctx, conditions).select(parent).distinct().where(parent, 'in', keys).execute());
    return new Set(rows.map((r) => String(r[parent])));
  }

  /** Number of live children of any of the given nodes. */
  async countChildren(model: EntityModel, ctx: RequestContext, keys: string[]): Promise<number> {
    const column = fieldOf(model, model.tree!.parentField)!.column;
    const row = await this.guarded(model, ctx, (db) =>
      this.scoped(model, ctx, db.selectFrom(model.table)).where(column, 'in', keys).select(sql<number>`count(*)`.as('n')).executeTakeFirst());
    return Number(row?.n ?? 0);
  }
}

/** Prefix of the kept lists of reads by key: NUL, which no tenant id (a list key's start) can hold, so the rows with secrets are never a page's. */
const KEY_READS = '\0key|';

/** A key in the form the database writes it back (`0123` or `+5` find row 123 or 5, whose kept row answers `123`, `5`). */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]{0,18})$/;

/** A read by key's row as a record: the response's fields, and the secrets when read with them. */
function keyReadRecord(model: EntityModel, row: Row, withSecrets: boolean): EntityRecord {
  const out: EntityRecord = rowToRecord(model, row);
  if (withSecrets) for (const f of model.fields.filter((f) => f.secret)) out[f.name] = row[f.column];
  return out;
}

/** Count-cache name of the model's table: tables of data sources never share one with ours. */
function cacheTable(model: EntityModel): string {
  return model.datasource ? `${model.datasource}:${model.table}` : model.table;
}

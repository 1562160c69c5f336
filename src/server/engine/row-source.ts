import { sql, type SelectQueryBuilder } from 'kysely';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from '../db/database.js';
import { acrossTenants, routeTo } from '../db/tenant-scope.js';
import { searchRouteOf } from '../db/row-security-search.js';
import type { DriftItem } from '../db/drift.js';
import { driftErrorFor } from '../db/drift-error.js';
import { datasourceErrorFor } from '../db/datasource-error.js';
import { anyOf, whereAll, type Dialect } from './conditions.js';
import type { ExternalConnection, ExternalConnections } from '../db/external-connection.js';

export type { ExternalConnection, ExternalConnections };
import type { OrderBy } from './list-reader/paging.js';
import type { ReadQuery } from './list-reader/read-query.js';
import { outputColumns, rowToRecord, type EntityRecord } from './record-codec.js';
import { PLATFORM_TENANT, type RequestContext } from './request-context.js';
import { andThen, type MaybePromise } from '../../shared/maybe-promise.js';

export type Query = SelectQueryBuilder<any, any, any>;

/** Rows a non-paged read answers at most; trees and selects are meant to be small. */
export const LIST_LIMIT = 5000;

/** The rows every engine read starts from: the caller's tenant (tenant entities) and live rows (logical delete). */
export function liveRows(model: EntityModel, tenantId: unknown, query: Query): Query {
  let q = query;
  if (model.tenancy === 'tenant') q = q.where('tenant_id', '=', tenantId);
  if (model.logicalDelete) q = q.where('is_deleted', '=', 0);
  return q;
}

export function ordered(q: Query, order: OrderBy[]): Query {
  return order.reduce((acc, o) => acc.orderBy(o.column, o.dir), q);
}

export interface RowSourceDeps {
  db: Db;
  /** Differences between schemas and tables found at start: a failing query on one names them. */
  drift?: readonly DriftItem[];
  external?: ExternalConnections;
  /**
   * Whether a tenant's contains-searches on trigram-indexed tables go through `atrium_search_ids`:
   * row security is on and the tenant's rows are in the platform's database (db/row-security-search.ts).
   */
  searchesThroughFunction?: (tenantId: string) => boolean;
}

/**
 * Where an entity's rows are and how a read of them starts: the connection (the platform's
 * database or a data source's pool), the tenant routing, the caller's rows (tenant, live rows,
 * filters, data scope), and what a failing statement means. Shared by the repository's CRUD
 * and the list reader.
 */
export class RowSource {
  constructor(readonly deps: RowSourceDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  /** The same source on another handle of the platform's database (a transaction). */
  on(db: Db): RowSource {
    return new RowSource({ ...this.deps, db });
  }

  /** The platform's database (joining the current transaction) or the model's data source's pool, which no platform transaction spans. */
  private connectionOf(model: EntityModel): MaybePromise<ExternalConnection> {
    if (!model.datasource) return { db: this.deps.db, dialect: 'postgres' };
    if (!this.deps.external) throw new Error(`${model.source}: no data source connections for x-datasource "${model.datasource}"`);
    return this.deps.external.connectionOf(model.datasource);
  }

  /** Runs a query; a failure caused by schema drift is answered with what differs and the fix. */
  run<T>(read: { model: EntityModel; ctx: RequestContext }, statement: (db: Db, dialect: Dialect) => Promise<T>): Promise<T> {
    const { model, ctx } = read;
    // The data source's own name once its pool answered (a message names it, not its id).
    let sourceName: string | undefined;
    const explained = (error: unknown) => model.datasource ? datasourceErrorFor({ error, model, sourceName }) : driftErrorFor(error, model, this.deps.drift ?? []);
    // The platform's own context (systemContext, the named bypass) may write and read any
    // tenant's rows under row security; its tenant condition above still applies.
    // The rows are one tenant's (the tenant condition, or links read for a tenant): its
    // database, should it have one of its own (db/tenant-router.ts).
    const tenant = model.tenancy === 'tenant' || ctx.tenantId !== PLATFORM_TENANT ? ctx.tenantId : undefined;
    const inScope = ({ db, dialect, name }: ExternalConnection) => {
      sourceName = name;
      const routed = () => (tenant === undefined ? statement(db, dialect) : routeTo(tenant, () => statement(db, dialect)));
      return ctx.isSystem ? acrossTenants(routed) : routed();
    };
    try {
      // Not an async function: the usual read makes no promise of its own beyond its statement's and this catch.
      return Promise.resolve(andThen(this.connectionOf(model), inScope)).catch((error: unknown) => { throw explained(error); });
    } catch (error) {
      return Promise.reject(explained(error));
    }
  }

  /**
   * The caller's rows of `read` (no columns chosen yet). `keyed`: the caller narrows the rows
   * to a few known keys, so a contains-search stays a plain LIKE filtering those (allowed
   * under row security), not a search of the whole table.
   */
  select(opts: { db: Db; dialect: Dialect; read: Omit<ReadQuery, 'order'>; keyed?: boolean }): Query {
    const { db, dialect, read: { model, ctx, conditions, scope } } = opts;
    let q = liveRows(model, ctx.tenantId, db.selectFrom(model.table));
    const route = !opts.keyed && this.deps.searchesThroughFunction?.(ctx.tenantId) ? searchRouteOf(model) : undefined;
    if (conditions.length) q = q.where((eb) => whereAll(eb, conditions, dialect, route));
    return scope ? q.where((eb) => anyOf(eb, scope, dialect, route)) : q;
  }

  /** Up to LIST_LIMIT records of the query, in its order (no cache: trees, selects, module reads). */
  async list(read: ReadQuery): Promise<EntityRecord[]> {
    const rows = await this.run(read, (db, dialect) => ordered(this.select({ db, dialect, read }).select(outputColumns(read.model)), read.order).limit(LIST_LIMIT).execute());
    return rows.map((r) => rowToRecord(read.model, r));
  }

  /** The number of rows matching the query, counted now. */
  async count(read: Omit<ReadQuery, 'order'>): Promise<number> {
    const row = await this.run(read, (db, dialect) => this.select({ db, dialect, read }).select(sql<number>`count(*)`.as('n')).executeTakeFirst());
    return Number(row?.n ?? 0);
  }
}

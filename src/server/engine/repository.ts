import { sql } from 'kysely';
import { fieldOf, keyFieldOf, type EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../db/ids.js';
import type { Condition } from './conditions.js';
import type { RowScope } from './access-policy.js';
import type { LoggedRow } from './list-reader/row-matcher.js';
import { loggedRow, type WriteNotices } from './list-reader/write-log.js';
import { keyReadRecord, readKeyRow } from './list-reader/key-read.js';
import { recordToRow, rowToRecord, type EntityRecord, type Row } from './record-codec.js';
import type { RequestContext } from './request-context.js';
import type { ReadQuery } from './list-reader/read-query.js';
import { liveRows, type RowSource } from './row-source.js';
import { cacheTable, loggedColumns, TransactionWrites, type Change } from './transaction-writes.js';


/** The transaction's id, returned with each written row (the count cache tells by it whether a count saw the write). */
const XID = sql<string>`pg_current_xact_id()::text`.as('atrium_xid');

/**
 * Transport-free reads and writes of any entity (the CRUD SQL; lists with their caches are
 * the ListReader's). Every query is limited to the caller's tenant (tenant entities) and to
 * live rows (logical delete).
 */
export class Repository {
  /**
   * @param tx set inside a transaction: the writes logged for list totals after the commit
   *   (so no reader counts uncommitted data in) and the tasks run then.
   */
  constructor(
    private readonly deps: {
      source: RowSource;
      ids: IdGenerator;
      /** Where committed writes are told (the count cache's write log). */
      writes: WriteNotices;
    },
    private readonly tx?: TransactionWrites,
  ) {}

  private get source(): RowSource {
    return this.deps.source;
  }

  get db(): Db {
    if (this.tx) this.tx.raw = true;
    return this.deps.source.db;
  }

  /** Runs `fn` in one transaction; inside a transaction, joins it. */
  async transaction<T>(fn: (repo: Repository) => Promise<T>): Promise<T> {
    if (this.tx) return fn(this);
    const tx = new TransactionWrites();
    const result = await this.deps.source.db.transaction().execute((trx) => fn(new Repository({ ...this.deps, source: this.deps.source.on(trx) }, tx)));
    await tx.flush(this.deps.writes);
    for (const task of tx.tasks) await task();
    return result;
  }

  /** Runs `task` once the current transaction has committed (at once outside one); a rollback drops it. */
  async afterCommit(task: () => Promise<void>): Promise<void> {
    if (this.tx) this.tx.tasks.push(task);
    else await task();
  }

  private async invalidate(table: string): Promise<void> {
    if (this.tx) this.tx.undescribed.add(table);
    else await this.deps.writes.invalidate(table);
  }

  /** Rows a write changed (with the transaction id they came back with), for the list totals: at once, or after the commit. */
  private async logChanges(model: EntityModel, returned: Row[], change: (row: Row) => Change): Promise<void> {
    if (returned.length === 0) return;
    const xid = String(returned[0].atrium_xid);
    const rows = returned.map(change);
    if (!this.tx) return this.deps.writes.logged(model.table, { xid, rows });
    const write = this.tx.changes.get(model.table) ?? { xid, rows: [] };
    write.rows.push(...rows);
    this.tx.changes.set(model.table, write);
  }

  /** Up to LIST_LIMIT records in order, read now (no cache). */
  list(model: EntityModel, ctx: RequestContext, opts: Omit<ReadQuery, 'model' | 'ctx'>): Promise<EntityRecord[]> {
    return this.source.list({ model, ctx, ...opts });
  }

  count(model: EntityModel, ctx: RequestContext, conditions: Condition[], scope?: RowScope): Promise<number> {
    return this.source.count({ model, ctx, conditions, scope });
  }

  /** The record of `key` (with its secrets when asked: the caller masks them), read now. */
  findByKey(model: EntityModel, ctx: RequestContext, key: string, withSecrets = false, scope?: RowScope): Promise<EntityRecord | undefined> {
    return readKeyRow(this.source, { model, ctx, key, withSecrets, scope }).then((row) => row && keyReadRecord(model, row, withSecrets));
  }

  /** Whether a live row matches the conditions, other than the one with `exceptKey`. */
  async exists(model: EntityModel, ctx: RequestContext, conditions: Condition[], exceptKey?: string): Promise<boolean> {
    const pk = keyFieldOf(model).column;
    return this.source.run({ model, ctx }, async (db, dialect) => {
      let q = this.source.select({ db, dialect, read: { model, ctx, conditions } }).select(pk);
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
      const returned = await this.source.run({ model, ctx }, (db) => db.insertInto(model.table).values(row).returning([...loggedColumns(model), XID] as any).execute()) as Row[];
      await this.logChanges(model, returned, (r) => [null, loggedRow(r, loggedColumns(model))]);
      return { key: String(returned[0][pk]), record: rowToRecord(model, returned[0]) };
    }
    const key = await this.source.run({ model, ctx }, async (db, dialect) => {
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
    const result = await this.source.run({ model, ctx }, (db) => {
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
    const returned = await this.source.run({ model, ctx }, (db) => {
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
      const returned: Row[] = await this.source.run({ model, ctx }, async (db, dialect) => {
        const all = (q: any) => {
          if (!allVisibleIn) return q;
          const visible = this.source.select({ db, dialect, read: { model, ctx, conditions: [{ field: keyFieldOf(model), op: 'in', value: keys }], scope: allVisibleIn.scope } }).select(sql<number>`count(*)`.as('n'));
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
    const affected = await this.source.run({ model, ctx }, async (db) => {
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

  /** Number of live children of any of the given nodes. */
  async countChildren(model: EntityModel, ctx: RequestContext, keys: string[]): Promise<number> {
    const column = fieldOf(model, model.tree!.parentField)!.column;
    const row = await this.source.run({ model, ctx }, (db) =>
      liveRows(model, ctx.tenantId, db.selectFrom(model.table)).where(column, 'in', keys).select(sql<number>`count(*)`.as('n')).executeTakeFirst());
    return Number(row?.n ?? 0);
  }
}

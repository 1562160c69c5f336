import type { CompiledQuery } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import type { Db } from '../../db/database.js';
import { executeStatement } from '../../db/direct-statements.js';
import type { OrderBy } from './paging.js';
import { outputColumns, rowToRecord, type EntityRecord } from '../record-codec.js';
import type { RowScope } from '../access-policy.js';
import type { RequestContext } from '../request-context.js';
import { liveRows, type RowSource } from '../row-source.js';

type Row = Record<string, unknown>;

/** The columns a read by key answers: every field's with secrets (submit compares and keeps them), else the response's. */
export const keyReadColumns = (model: EntityModel, withSecrets: boolean): string[] => (withSecrets ? model.fields.map((f) => f.column) : outputColumns(model));

/** Stand-ins for the values bound per read: a statement is compiled once with these in their places. */
const TENANT = { bound: 'tenant' };
const KEY_SLOTS: { at: number }[] = [];
const keySlot = (at: number) => (KEY_SLOTS[at] ??= { at });
const isKeySlot = (p: unknown): p is { at: number } => typeof p === 'object' && p !== null && KEY_SLOTS[(p as { at?: number }).at ?? -1] === p;

interface Template { compiled: CompiledQuery; name: string }
const templates = new WeakMap<EntityModel, Map<string, Template>>();
let templatesMade = 0;

/**
 * The model's statement of this shape, built and compiled by Kysely once (a model replaced at
 * run time is a new object, so it gets its own), with the tenant and keys bound per read: the
 * most frequent statements of the API skip Kysely's per-request building and compiling. Run
 * through `executeStatement`, so the tenant router's and row security's rules apply to them
 * like to any other statement. PostgreSQL SQL: the platform's database (PostgreSQL or
 * PGlite), not a data source's. Each template has a name of its own, under which PostgreSQL
 * keeps it prepared (pg-direct-runner.ts).
 */
function runBound(db: Db, model: EntityModel, shape: string, build: () => CompiledQuery, tenantId: string, keys: string[]) {
  let byShape = templates.get(model);
  if (!byShape) templates.set(model, (byShape = new Map()));
  let template = byShape.get(shape);
  if (!template) byShape.set(shape, (template = { compiled: build(), name: `atrium_read_${++templatesMade}` }));
  const { compiled, name } = template;
  const statement = { ...compiled, parameters: compiled.parameters.map((p) => (p === TENANT ? tenantId : isKeySlot(p) ? keys[p.at] : p)) };
  return executeStatement<Row>(db, statement, name);
}

/** `select <columns> from <table> where <tenant> and <live> and <key> = $n`: detail, submit's existing row, stored roles. */
export function readByKey(db: Db, model: EntityModel, withSecrets: boolean, tenantId: string, key: string): Promise<Row | undefined> {
  const build = () => liveRows(model, TENANT, db.selectFrom(model.table)).select(keyReadColumns(model, withSecrets)).where(keyFieldOf(model).column, '=', keySlot(0)).compile();
  return runBound(db, model, withSecrets ? 'key+secrets' : 'key', build, tenantId, [key]).then((result) => result.rows[0]);
}

/**
 * `select <response columns> from <table> where <tenant> and <live> and <key> in ($n…) order by …`:
 * the rows of a kept first page (or of an anchored deep page) without filters or data scope,
 * one statement per order and number of keys (a page holds at most a few dozen).
 */
export function readByKeys(db: Db, model: EntityModel, order: OrderBy[], tenantId: string, keys: string[]): Promise<Row[]> {
  const shape = `${keys.length}|${order.map((o) => `${o.column} ${o.dir}`).join(',')}`;
  const build = () => {
    const q = liveRows(model, TENANT, db.selectFrom(model.table)).select(outputColumns(model)).where(keyFieldOf(model).column, 'in', keys.map((_, i) => keySlot(i)));
    return order.reduce((acc, o) => acc.orderBy(o.column, o.dir), q).compile();
  };
  return runBound(db, model, shape, build, tenantId, keys).then((result) => result.rows);
}

/** One row by its key, `withSecrets` or not; without a data scope it is the statement compiled once per model (above). */
export function readKeyRow(source: RowSource, read: { model: EntityModel; ctx: RequestContext; key: string; withSecrets: boolean; scope?: RowScope }): Promise<Row | undefined> {
  const { model, ctx, key, withSecrets, scope } = read;
  if (scope === undefined && !model.datasource) return source.run(read, (db) => readByKey(db, model, withSecrets, ctx.tenantId, key));
  const pk = keyFieldOf(model).column;
  return source.run(read, (db, dialect) => source.select({ db, dialect, read: { model, ctx, conditions: [], scope } }).select(keyReadColumns(model, withSecrets)).where(pk, '=', key).executeTakeFirst());
}

/** A read by key's row as a record: the response's fields, and the secrets when read with them. */
export function keyReadRecord(model: EntityModel, row: Row, withSecrets: boolean): EntityRecord {
  const out: EntityRecord = rowToRecord(model, row);
  if (withSecrets) for (const f of model.fields) if (f.secret) out[f.name] = row[f.column];
  return out;
}

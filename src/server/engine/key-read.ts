import type { CompiledQuery, SelectQueryBuilder } from 'kysely';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import type { Db } from '../db/database.js';
import type { OrderBy } from './paging.js';
import { outputColumns } from './record-codec.js';

type Query = SelectQueryBuilder<any, any, any>;

/** The rows every engine read starts from: the caller's tenant (tenant entities) and live rows (logical delete). */
export function liveRows(model: EntityModel, tenantId: unknown, query: Query): Query {
  let q = query;
  if (model.tenancy === 'tenant') q = q.where('tenant_id', '=', tenantId);
  if (model.logicalDelete) q = q.where('is_deleted', '=', 0);
  return q;
}

/** Stand-ins for the values bound per read: the statement is compiled once with these in their places. */
const TENANT = { bound: 'tenant' };
const KEY = { bound: 'key' };

/** The columns a read by key answers: every field's with secrets (submit compares and keeps them), else the response's. */
export const keyReadColumns = (model: EntityModel, withSecrets: boolean): string[] => (withSecrets ? model.fields.map((f) => f.column) : outputColumns(model));

const compiled = new WeakMap<EntityModel, Map<boolean, CompiledQuery>>();

/**
 * `select <columns> from <table> where <tenant> and <live> and <key> = $n` of the model,
 * built and compiled by Kysely once per model (a model replaced at run time is a new
 * object, so it gets its own) and bound per read: the most frequent statement of the API
 * (detail, submit's existing row, stored roles) skips Kysely's per-request building and
 * compiling. Executed through the same Kysely instance, so the tenant router and the
 * row-security dialect see it like any other statement. PostgreSQL SQL: the platform's
 * database (PostgreSQL or PGlite), not a data source's.
 */
export function keyRead(db: Db, model: EntityModel, withSecrets: boolean, tenantId: string, key: string): CompiledQuery {
  let byColumns = compiled.get(model);
  if (!byColumns) compiled.set(model, (byColumns = new Map()));
  let template = byColumns.get(withSecrets);
  if (!template) {
    const pk = keyFieldOf(model).column;
    template = liveRows(model, TENANT, db.selectFrom(model.table)).select(keyReadColumns(model, withSecrets)).where(pk, '=', KEY).compile();
    byColumns.set(withSecrets, template);
  }
  return { ...template, parameters: template.parameters.map((p) => (p === TENANT ? tenantId : p === KEY ? key : p)) };
}

/** Stand-ins of a key list's places, by position. */
const KEY_SLOTS: { bound: 'key'; at: number }[] = [];
const keySlot = (at: number) => (KEY_SLOTS[at] ??= { bound: 'key', at });
const slots = new Set<unknown>();

const keyLists = new WeakMap<EntityModel, Map<string, CompiledQuery>>();

/**
 * `select <response columns> from <table> where <tenant> and <live> and <key> in ($n…) order by …`:
 * the rows of a kept first page (or of an anchored deep page) without filters or data scope,
 * compiled once per model, order and number of keys (a page holds at most a few dozen) and
 * bound per read, like `keyRead`.
 */
export function keysRead(db: Db, model: EntityModel, order: OrderBy[], tenantId: string, keys: string[]): CompiledQuery {
  let byShape = keyLists.get(model);
  if (!byShape) keyLists.set(model, (byShape = new Map()));
  const shape = `${keys.length}|${order.map((o) => `${o.column} ${o.dir}`).join(',')}`;
  let template = byShape.get(shape);
  if (!template) {
    const places = keys.map((_, i) => keySlot(i));
    for (const place of places) slots.add(place);
    const q = liveRows(model, TENANT, db.selectFrom(model.table)).select(outputColumns(model)).where(keyFieldOf(model).column, 'in', places);
    template = order.reduce((acc, o) => acc.orderBy(o.column, o.dir), q).compile();
    byShape.set(shape, template);
  }
  return { ...template, parameters: template.parameters.map((p) => (p === TENANT ? tenantId : slots.has(p) ? keys[(p as { at: number }).at] : p)) };
}

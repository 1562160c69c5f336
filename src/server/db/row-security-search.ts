import { sql } from 'kysely';
import { keyFieldOf, fieldOf, type EntityModel } from '../../shared/schema/entity-model.js';
import type { Db } from './database.js';
import { APP_ROLE } from './row-security-ddl.js';

/**
 * Contains-searches under row security. PostgreSQL uses a condition of the query as an index
 * condition on a table with policies only when its operator is leakproof, and LIKE is not:
 * `title like '%x%'` as `atrium_app` reads the whole table instead of its trigram index.
 * `atrium_search_ids(table, key, column, pattern)` runs the LIKE as the tables' owner and
 * answers the keys of the rows of the caller's tenant (the same `app.tenant_id` the policies
 * read) that match; the engine asks `key in (select atrium_search_ids(…))`, which the
 * policies still filter (int8 equality is leakproof, so the key's index serves it).
 * The owner is subject to the policies too (FORCE), so each searched table has one more,
 * `atrium_owner_read`: select, for the owner only, every row. Planned as the owner, the
 * policies then reduce to `true` and the LIKE reaches the trigram index.
 */
export const SEARCH_FUNCTION = 'atrium_search_ids';
export const OWNER_READ_POLICY = 'atrium_owner_read';

/** A table whose string columns have trigram indexes, searched through the function under row security. */
export interface SearchedTable {
  table: string;
  key: string;
  columns: string[];
}

// Changing the body changes the text compared at start, so a start replaces an older one.
const BODY = `
begin
  -- Only the searched tables: the owner reads every row of those, so the tenant is checked here.
  if not exists (select from pg_policy where polrelid = tbl and polname = '${OWNER_READ_POLICY}') then
    raise exception '${SEARCH_FUNCTION}: % is not a searched table', tbl;
  end if;
  return query execute format('select %I::bigint from %s where %I like $1 and ($2 = ''*'' or tenant_id = $2)', key_column, tbl, search_column)
    using pattern, nullif(current_setting('app.tenant_id', true), '');
end`;

const CREATE_FUNCTION = `create or replace function ${SEARCH_FUNCTION}(tbl regclass, key_column name, search_column name, pattern text) returns setof bigint
  language plpgsql stable security definer set search_path = pg_catalog, pg_temp rows 100 as $body$${BODY}$body$`;

/** Where a model's contains-searches go under row security, for the engine's conditions. */
export interface SearchRoute {
  table: string;
  key: string;
  columns: ReadonlySet<string>;
}

const routes = new WeakMap<EntityModel, SearchRoute | null>();

/** The model's search route (undefined: its LIKEs stay as they are). */
export function searchRouteOf(model: EntityModel): SearchRoute | undefined {
  let route = routes.get(model);
  if (route === undefined) {
    const t = searchedTablesOf([model])[0];
    route = t ? { table: t.table, key: t.key, columns: new Set(t.columns) } : null;
    routes.set(model, route);
  }
  return route ?? undefined;
}

/** Tenant tables of the platform's database with trigram indexes and a numeric key. */
export function searchedTablesOf(models: EntityModel[]): SearchedTable[] {
  return models.flatMap((m) => {
    if (m.datasource || m.tenancy !== 'tenant' || m.trigramIndexes.length === 0) return [];
    const key = keyFieldOf(m);
    if (key.type !== 'id' && key.type !== 'integer') return [];
    return [{ table: m.table, key: key.column, columns: m.trigramIndexes.map((n) => fieldOf(m, n)!.column) }];
  });
}

/**
 * The function and the owner's read policies (row security on; runs as the owner after the
 * tenant policies). A database already set up gets no DDL (one catalogue read).
 */
export async function syncSearchFunction(owner: Db, tables: readonly SearchedTable[]): Promise<void> {
  if (tables.length === 0) return;
  const names = tables.map((t) => t.table);
  const state = async (db: Db) => (await sql<{ body: string | null; missing: string[] }>`select
      (select prosrc from pg_proc where proname = ${SEARCH_FUNCTION} and pronamespace = (select oid from pg_namespace where nspname = current_schema())) as body,
      array(select n from unnest(${names}::text[]) n where not exists (select from pg_policy p where p.polname = ${OWNER_READ_POLICY}
        and p.polrelid = (select c.oid from pg_class c where c.relname = n and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())))) as missing`.execute(db)).rows[0];
  const ready = (s: { body: string | null; missing: string[] }) => s.body === BODY && s.missing.length === 0;
  if (ready(await state(owner))) return;
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('atrium row security'))`.execute(trx);
    const now = await state(trx);
    if (now.body !== BODY) {
      await sql.raw(CREATE_FUNCTION).execute(trx);
      await sql.raw(`revoke all on function ${SEARCH_FUNCTION}(regclass, name, name, text) from public`).execute(trx);
      await sql.raw(`grant execute on function ${SEARCH_FUNCTION}(regclass, name, name, text) to ${APP_ROLE}`).execute(trx);
    }
    for (const table of now.missing) {
      await sql.raw(`create policy ${OWNER_READ_POLICY} on "${table}" for select to current_user using (true)`).execute(trx);
    }
  });
}

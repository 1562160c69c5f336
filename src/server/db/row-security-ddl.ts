import { sql } from 'kysely';
import type { Db } from './kysely-db.js';

/** The role the server's queries run as under row-level security: NOLOGIN, no BYPASSRLS, not the tables' owner. */
export const APP_ROLE = 'atrium_app';

// Sub-selects, so that PostgreSQL reads the setting once per statement (an init plan)
// rather than calling current_setting on every row a scan filters: a count over 180k rows
// took 89 ms with the bare calls and 70 (the owner's 68) with these.
const TENANT = `(select nullif(current_setting('app.tenant_id', true), ''))`;
const PLATFORM = `(select current_setting('app.tenant_id', true)) = '*'`;
/** Policies made before the sub-selects (bare current_setting calls) are rewritten at start. */
const CURRENT_FORM = /\(\s*SELECT\b/i;

/** A table with a `tenant_id` column; `sharedTenant`: the tenant_id value of rows every tenant may read (not write). */
export type TenantTable = string | { table: string; sharedTenant: string };

/**
 * Creates `atrium_app` when missing (roles are per server: a concurrent start on another
 * database may create it first), lets the connecting user switch to it, and grants it the
 * rows of every table of the schema, now and later (default privileges for tables the
 * connecting user creates). Runs as the connecting user, who owns the tables.
 */
export async function ensureAppRole(owner: Db): Promise<void> {
  // A start on a database already set up sends no DDL (one catalogue read).
  const { rows } = await sql<{ ready: boolean }>`select exists (select from pg_roles where rolname = ${APP_ROLE})
      and pg_has_role(current_user, ${APP_ROLE}, 'member')
      and has_schema_privilege(${APP_ROLE}, current_schema(), 'usage')
      and exists (select from pg_default_acl where defaclrole = (select oid from pg_roles where rolname = current_user) and array_to_string(defaclacl, ',') like ${`%${APP_ROLE}=%`})
      and not exists (select from pg_class c where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relkind in ('r', 'p')
        and not has_table_privilege(${APP_ROLE}, c.oid, 'select, insert, update, delete, truncate')) as ready`.execute(owner);
  if (rows[0]?.ready) return;
  try {
    await owner.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('atrium row security'))`.execute(trx);
      await grantAppRole(trx);
    });
  } catch (error) {
    // 42501: the connecting user may not create roles or grant on these tables.
    if ((error as { code?: string }).code !== '42501') throw error;
    throw new Error(`Row-level security needs the role ${APP_ROLE}, and the database user may not create or grant it (${(error as Error).message}). `
      + `Create it once as a superuser (create role ${APP_ROLE} nologin nobypassrls; grant ${APP_ROLE} to <user>), give the user CREATEROLE, or start with ROW_SECURITY=off.`);
  }
}

async function grantAppRole(owner: Db): Promise<void> {
  await sql.raw(`do $$ begin
    if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
      begin create role ${APP_ROLE} nologin nobypassrls; exception when duplicate_object or unique_violation then null; end;
    end if;
    if not pg_has_role(current_user, '${APP_ROLE}', 'member') then execute 'grant ${APP_ROLE} to ' || quote_ident(current_user); end if;
  end $$`).execute(owner);
  await sql.raw(`grant usage on schema public to ${APP_ROLE}`).execute(owner);
  await sql.raw(`alter default privileges in schema public grant select, insert, update, delete, truncate on tables to ${APP_ROLE}`).execute(owner);
  await sql.raw(`alter default privileges in schema public grant usage, select, update on sequences to ${APP_ROLE}`).execute(owner);
  await sql.raw(`grant select, insert, update, delete, truncate on all tables in schema public to ${APP_ROLE}`).execute(owner);
  await sql.raw(`grant usage, select, update on all sequences in schema public to ${APP_ROLE}`).execute(owner);
}

/**
 * Row-level security on tenant tables: `atrium_tenant` lets a transaction reach the rows
 * of the tenant in `app.tenant_id`, `atrium_platform` every row when it is `*` (the
 * platform acting across tenants, db/tenant-scope.ts). FORCE makes the owner subject too.
 * With `on` false the tables are left (or put back) without it.
 */
export async function syncTenantPolicies(owner: Db, tables: readonly TenantTable[], on: boolean): Promise<void> {
  if (tables.length === 0) return;
  const entries = tables.map((e) => (typeof e === 'string' ? { table: e, sharedTenant: undefined } : e));
  // Processes starting side by side on one database take turns; a table already right is not altered (no lock taken).
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('atrium row security'))`.execute(trx);
    const { rows } = await sql<{ relname: string; enabled: boolean; forced: boolean; policies: string[]; quals: string[] }>`
      select c.relname, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        array(select polname::text from pg_policy where polrelid = c.oid order by polname) as policies,
        array(select coalesce(pg_get_expr(polqual, polrelid), '') from pg_policy where polrelid = c.oid order by polname) as quals
      from pg_class c where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relname = any(${entries.map((e) => e.table)})`.execute(trx);
    const state = new Map(rows.map((r) => [r.relname, r]));
    for (const { table, sharedTenant } of entries) {
      const now = state.get(table);
      if (!now) throw new Error(`row security: no table ${table}`);
      const t = `"${table}"`;
      const statements: string[] = [];
      if (!on) {
        if (now.enabled || now.forced) statements.push(`alter table ${t} no force row level security, disable row level security`);
      } else {
        const have = new Map(now.policies.map((name, i) => [name, now.quals[i]]));
        if (!now.enabled || !now.forced) statements.push(`alter table ${t} enable row level security, force row level security`);
        const policies: [string, string][] = [['atrium_tenant', `tenant_id = ${TENANT}`], ['atrium_platform', PLATFORM]];
        for (const [name, rule] of policies) {
          const qual = have.get(name);
          if (qual === undefined) statements.push(`create policy ${name} on ${t} using (${rule}) with check (${rule})`);
          else if (!CURRENT_FORM.test(qual)) statements.push(`alter policy ${name} on ${t} using (${rule}) with check (${rule})`);
        }
        if (sharedTenant !== undefined && !have.has('atrium_shared_read')) statements.push(`create policy atrium_shared_read on ${t} for select using (tenant_id = '${sharedTenant}')`);
      }
      for (const statement of statements) await sql.raw(statement).execute(trx);
    }
  });
}

import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Tenant rows without a tenant column (links, row errors): a row is its parent's tenant's.
 * Their policy, `atrium_parent`, lets a statement reach (and write) a row only when its parent
 * row is one the statement may reach: the sub-select on the parent is itself under the
 * parent's policies, so the caller's tenant and the platform's `*` carry over.
 * A child written in the same statement as its parent cannot pass the check (the statement
 * does not see its own insert): `blade_flow_history`, written with its instance in one
 * statement, carries a tenant column of its own instead (modules/flow/flow-tables.ts).
 */
export interface ChildTable {
  table: string;
  /** The child's column holding the parent's `id`. */
  column: string;
  parent: string;
}

const POLICY = 'atrium_parent';

/** Entity tables of links: the user's departments, the role's menus and scopes. */
export const LINK_TABLES: ChildTable[] = [
  { table: 'blade_user_dept', column: 'user_id', parent: 'blade_user' },
  { table: 'blade_role_menu', column: 'role_id', parent: 'blade_role' },
  { table: 'blade_role_scope', column: 'role_id', parent: 'blade_role' },
];

const rule = (c: ChildTable) => `exists (select 1 from "${c.parent}" p where p.id = "${c.table}"."${c.column}")`;

async function statementsFor(db: Db, tables: readonly ChildTable[], on: boolean): Promise<string[]> {
  const { rows } = await sql<{ relname: string; enabled: boolean; forced: boolean; has: boolean }>`
    select c.relname, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
      exists (select from pg_policy where polrelid = c.oid and polname = ${POLICY}) as has
    from pg_class c where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relname = any(${tables.map((t) => t.table)})`.execute(db);
  const state = new Map(rows.map((r) => [r.relname, r]));
  return tables.flatMap((c) => {
    const now = state.get(c.table);
    if (!now) throw new Error(`row security: no table ${c.table}`);
    const t = `"${c.table}"`;
    if (!on) return now.enabled || now.forced ? [`alter table ${t} no force row level security, disable row level security`] : [];
    return [
      ...(now.enabled && now.forced ? [] : [`alter table ${t} enable row level security, force row level security`]),
      ...(now.has ? [] : [`create policy ${POLICY} on ${t} using (${rule(c)}) with check (${rule(c)})`]),
    ];
  });
}

/** Like `syncTenantPolicies`: on, each table gets FORCE row security and `atrium_parent`; off, row security is disabled. */
export async function syncParentPolicies(owner: Db, tables: readonly ChildTable[], on: boolean): Promise<void> {
  if (tables.length === 0) return;
  // A database already set up gets no DDL; processes starting side by side take turns and look again.
  if ((await statementsFor(owner, tables, on)).length === 0) return;
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('atrium row security'))`.execute(trx);
    for (const statement of await statementsFor(trx, tables, on)) await sql.raw(statement).execute(trx);
  });
}

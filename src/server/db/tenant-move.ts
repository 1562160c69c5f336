import { sql } from 'kysely';
import type { Db } from './database.js';
import { BINDING_TABLE, type TenantDatabases } from './tenant-databases.js';
import { MAIN } from './tenant-router.js';
import type { TenantTable } from './tenant-tables.js';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;
const BATCH = 1000;

export interface MovedTable {
  table: string;
  rows: number;
}

export interface MoveReport {
  from: string;
  to: string;
  tables: MovedTable[];
}

export interface MoveDeps {
  /** The platform's database as the tables' owner (not routed). */
  mainOwner: Db;
  tenants: TenantDatabases;
  /** Tells other processes the bindings changed (the shared store's generation). */
  announce?: () => Promise<void>;
  /** Source tables are locked against writes while copying (a move while the server runs). */
  lockSource?: boolean;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's rows of the tenant, as a condition (every tenant table has the column; the tenant id is checked: a literal is safe). */
function rowsOf(tenantId: string): string {
  return `tenant_id = '${tenantId}'`;
}

async function existing(db: Db, tables: TenantTable[]): Promise<TenantTable[]> {
  const names = tables.map((t) => t.table);
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname = any(${names})`.execute(db);
  const found = new Set(rows.map((r) => r.name));
  return tables.filter((t) => found.has(t.table));
}

async function count(db: Db, t: TenantTable, tenantId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.raw(q(t.table))} where ${sql.raw(rowsOf(tenantId))}`.execute(db);
  return Number(rows[0].n);
}

/** Copies the tenant's rows of one table through a cursor, in batches; answers how many. */
async function copyTable(src: Db, dst: Db, t: TenantTable, tenantId: string): Promise<number> {
  // Stored generated columns (a covering index's month) are computed by the target, not copied.
  const { rows: written } = await sql<{ name: string }>`select attname as name from pg_attribute
    where attrelid = ${q(t.table)}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`.execute(dst);
  const columns = written.map((c) => q(c.name)).join(', ');
  await sql.raw(`declare atrium_move no scroll cursor for select * from ${q(t.table)} where ${rowsOf(tenantId)}`).execute(src);
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await sql.raw<Record<string, unknown>>(`fetch ${BATCH} from atrium_move`).execute(src);
      if (rows.length === 0) break;
      await sql`insert into ${sql.raw(q(t.table))} (${sql.raw(columns)}) select ${sql.raw(columns)} from jsonb_populate_recordset(null::${sql.raw(q(t.table))}, ${JSON.stringify(rows)}::jsonb)`.execute(dst);
      copied += rows.length;
    }
  } finally {
    // After a failure the transaction may be aborted: the failure is what matters.
    await sql.raw('close atrium_move').execute(src).catch(() => undefined);
  }
  return copied;
}

/**
 * Row security on the platform's database (ROW_SECURITY=on) forces its policies on the
 * tables' owner too: the move reads and deletes every row of the tenant as the platform.
 */
async function asPlatform(trx: Db): Promise<void> {
  await sql`select set_config('app.tenant_id', '*', true)`.execute(trx);
}

async function switchBinding(main: Db, tenantId: string, to: string): Promise<void> {
  if (to === MAIN) {
    await sql`delete from ${sql.table(BINDING_TABLE)} where tenant_id = ${tenantId}`.execute(main);
  } else {
    await sql`insert into ${sql.table(BINDING_TABLE)} (tenant_id, datasource_id) values (${tenantId}, ${to})
      on conflict (tenant_id) do update set datasource_id = excluded.datasource_id, bound_time = now()`.execute(main);
  }
  await sql`update blade_tenant set datasource_id = ${to === MAIN ? null : to} where tenant_id = ${tenantId}`.execute(main);
}

/**
 * Moves a tenant's rows between the platform's database (`main`) and a data source, or
 * between two data sources: creates the tables in the target, copies the rows of every
 * tenant table (parents first), checks each table's count in the target against the rows
 * read, then switches the binding and deletes the source's copy. Nothing is switched until
 * every count matched; rows a failed earlier move left in the target are replaced. The
 * switch commits with the target's copy (moving to main) or with the source's delete
 * (moving from main); between two data sources it commits in between.
 */
export async function moveTenant(deps: MoveDeps, tenantId: string, to: string): Promise<MoveReport> {
  if (!TENANT_ID.test(tenantId)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  const { tenants } = deps;
  const from = tenants.bindingOf(tenantId) ?? MAIN;
  if (from === to) return { from, to, tables: [] };
  const opened: { close(): Promise<void> }[] = [];
  const handle = async (key: string): Promise<Db> => {
    if (key === MAIN) return deps.mainOwner;
    const direct = await tenants.openDirect(key);
    opened.push(direct);
    return direct.db;
  };
  try {
    const source = await handle(from);
    const target = await handle(to);
    if (to !== MAIN) await tenants.prepare(target);
    // A tenant database bound before a module's table changed (flow history's tenant column) gets the change before rows are read by it.
    if (from !== MAIN) await tenants.prepare(source);
    const all = tenants.tables.all();
    const copies = await existing(source, all.filter((t) => t.rows !== 'derived'));
    const report: MovedTable[] = [];
    // Set once the switch has committed (with the target's copy, or on its own): from then on the target holds the live rows.
    let switched = false;
    try {
      await source.transaction().execute(async (src) => {
        if (from === MAIN) await asPlatform(src);
        if (deps.lockSource && copies.length) await sql.raw(`lock table ${copies.map((t) => q(t.table)).join(', ')} in share mode`).execute(src);
        await target.transaction().execute(async (dst) => {
          if (to === MAIN) await asPlatform(dst);
          // Rows of a failed earlier move (the binding never pointed here since): children first.
          for (const t of [...copies].reverse()) await sql.raw(`delete from ${q(t.table)} where ${rowsOf(tenantId)}`).execute(dst);
          for (const t of copies) {
            const copied = await copyTable(src, dst, t, tenantId);
            const there = await count(dst, t, tenantId);
            if (there !== copied) throw new Error(`${t.table}: ${copied} row(s) read, ${there} in the target; nothing was switched`);
            report.push({ table: t.table, rows: copied });
          }
          if (to === MAIN) await switchBinding(dst, tenantId, to);
        });
        if (to === MAIN) switched = true;
        if (from === MAIN) {
          await switchBinding(src, tenantId, to);
        } else if (to !== MAIN) {
          await switchBinding(deps.mainOwner, tenantId, to);
          switched = true;
        }
        // The source's copy; should this fail after the switch, it stays behind unused (a later move into it replaces it).
        for (const t of [...copies].reverse()) await sql.raw(`delete from ${q(t.table)} where ${rowsOf(tenantId)}`).execute(src);
      });
    } catch (error) {
      if (switched) tenants.setBinding(tenantId, to === MAIN ? undefined : to);
      throw error;
    }
    tenants.setBinding(tenantId, to === MAIN ? undefined : to);
    await deps.announce?.();
    return { from, to, tables: report };
  } finally {
    await Promise.all(opened.map((o) => o.close().catch(() => undefined)));
  }
}

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * Monthly summaries of the wage sheets (manage_wage), kept by the database in the same
 * statement as every write of a wage row — engine submit, remove, import, seed or plain
 * SQL alike — so the reports read a few rows a month instead of every sheet:
 *   rpt_wage_month   tenant, month, item, team leader: facts, days, amount, paid (sums)
 *   rpt_wage_item    tenant, month, item: the same sums, and the wage-sheet groups (distinct workers)
 *   rpt_wage_pair    tenant, team leader, worker: the months with a sheet of that pair, over all years
 *                    (`first_month` = year × 12 + month − 1 of the first; `months`: a bit a month from it)
 * Only live rows (is_deleted = 0) with a month count. `rpt_wage_has(first_month, months, lo, hi)` tells
 * whether a pair has a sheet in the months lo..hi (same numbering).
 *
 * Exact under concurrent writes: a statement trigger locks the keys its rows touch (in one
 * order, so writers never wait in a circle) and recomputes those keys from the wage rows,
 * after its own rows are written. A writer waiting for a key sees, once it has the lock, every
 * committed row of the one before (read committed takes a snapshot per statement), so the last
 * writer of a key leaves it right. Other isolation levels keep one snapshot: the trigger refuses them.
 */

/** The summaries hold rows of every tenant: under row-level security, each tenant's (the triggers run in the writer's scope). */
export const WAGE_ROLLUP_TABLES = ['rpt_wage_month', 'rpt_wage_item', 'rpt_wage_pair'];

/** Bump when the functions change: a start with another version replaces them and rebuilds the summaries. */
const VERSION = 'wage-rollup 3';
/** More keys than this in one statement (a seed, an import): lock the summaries whole rather than key by key. */
const KEY_LOCKS = 64;

const month = (ref: string) => `date_trunc('month', ${ref}::timestamp)::date`;
/** A month as one number: year × 12 + month − 1. */
const monthNumber = (ref: string) => `(extract(year from ${ref}) * 12 + extract(month from ${ref}) - 1)::int`;
/** rpt_wage_pair rows of `rows` (tenant_id, team_leader_id, worker_id, wage_month; live, dated, with a worker): a bit a month from the first. */
const pairRows = (rows: string) => `
    select g.t, g.l, g.w, g.lo, (select string_agg(case when s = any(g.ms) then '1' else '0' end, '' order by s) from generate_series(g.lo, g.hi) s)::varbit
    from (select f.tenant_id as t, f.team_leader_id as l, f.worker_id as w, min(f.n) as lo, max(f.n) as hi, array_agg(distinct f.n) as ms
          from (select tenant_id, team_leader_id, worker_id, ${monthNumber('wage_month')} as n from (${rows}) r) f
          group by 1, 2, 3) g`;

const TABLES = [
  `create table if not exists rpt_wage_month (tenant_id text not null, month date not null, item_id bigint, team_leader_id bigint,
     facts integer not null, work_days numeric not null, amount numeric not null, paid_amount numeric not null)`,
  'create index if not exists rpt_wage_month_key on rpt_wage_month (tenant_id, month, item_id, team_leader_id)',
  `create table if not exists rpt_wage_item (tenant_id text not null, month date not null, item_id bigint,
     facts integer not null, work_days numeric not null, amount numeric not null, paid_amount numeric not null, groups integer not null)`,
  'create index if not exists rpt_wage_item_key on rpt_wage_item (tenant_id, month, item_id)',
  // Version 2 kept a row a worker, leader and year (rpt_wage_team): counting a leader's workers over years needed a distinct.
  'drop table if exists rpt_wage_team',
  'create table if not exists rpt_wage_pair (tenant_id text not null, team_leader_id bigint, worker_id bigint not null, first_month integer not null, months bit varying not null)',
  'create index if not exists rpt_wage_pair_key on rpt_wage_pair (tenant_id, team_leader_id, worker_id) include (first_month, months)',
  'create index if not exists rpt_wage_pair_worker on rpt_wage_pair (tenant_id, worker_id)',
  // Whether a pair has a sheet in the months lo..hi (inlined by the planner: a test a row, no sort).
  `create or replace function rpt_wage_has(first_month integer, months bit varying, lo integer, hi integer) returns boolean language sql immutable as
     $fn$ select case when first_month <= hi and first_month + length(months) > lo
       then position(B'1' in substring(months from greatest(lo - first_month, 0) + 1 for hi - greatest(lo, first_month) + 1)) > 0 else false end $fn$`,
];

/** Recomputes the given (tenant, month, item) and (tenant, worker) keys from the live wage rows. */
const REFRESH = `
create or replace function rpt_wage_refresh(kt text[], km date[], ki bigint[], wt text[], ww bigint[]) returns void language plpgsql as $fn$
declare
  lock_id bigint;
begin
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'manage_wage written under %: its report summaries need read committed', current_setting('transaction_isolation');
  end if;
  if coalesce(array_length(km, 1), 0) + coalesce(array_length(ww, 1), 0) > ${KEY_LOCKS} then
    lock table rpt_wage_month, rpt_wage_item, rpt_wage_pair in exclusive mode;
  else
    for lock_id in
      select hashtextextended(k.t || '|' || k.m || '|' || coalesce(k.i::text, ''), 1) from unnest(kt, km, ki) k(t, m, i)
      union select hashtextextended(w.t || '|' || w.w, 2) from unnest(wt, ww) w(t, w)
      order by 1
    loop
      perform pg_advisory_xact_lock(lock_id);
    end loop;
  end if;
  delete from rpt_wage_month r using unnest(kt, km, ki) k(t, m, i)
    where r.tenant_id = k.t and r.month = k.m and (r.item_id = k.i or (r.item_id is null and k.i is null));
  delete from rpt_wage_item r using unnest(kt, km, ki) k(t, m, i)
    where r.tenant_id = k.t and r.month = k.m and (r.item_id = k.i or (r.item_id is null and k.i is null));
  delete from rpt_wage_pair r using unnest(wt, ww) w(t, w) where r.tenant_id = w.t and r.worker_id = w.w;
  insert into rpt_wage_month
    select f.tenant_id, k.m, f.item_id, f.team_leader_id, count(*), coalesce(sum(f.work_days), 0), coalesce(sum(f.amount), 0), coalesce(sum(f.paid_amount), 0)
    from unnest(kt, km, ki) k(t, m, i) join manage_wage f on f.tenant_id = k.t and f.wage_month >= k.m and f.wage_month < k.m + interval '1 month'
      and ${month('f.wage_month')} = k.m and (f.item_id = k.i or (f.item_id is null and k.i is null))
    where f.is_deleted = 0
    group by f.tenant_id, k.m, f.item_id, f.team_leader_id;
  insert into rpt_wage_item
    select f.tenant_id, k.m, f.item_id, count(*), coalesce(sum(f.work_days), 0), coalesce(sum(f.amount), 0), coalesce(sum(f.paid_amount), 0),
      count(distinct f.worker_id) + max(case when f.worker_id is null then 1 else 0 end)
    from unnest(kt, km, ki) k(t, m, i) join manage_wage f on f.tenant_id = k.t and f.wage_month >= k.m and f.wage_month < k.m + interval '1 month'
      and ${month('f.wage_month')} = k.m and (f.item_id = k.i or (f.item_id is null and k.i is null))
    where f.is_deleted = 0
    group by f.tenant_id, k.m, f.item_id;
  insert into rpt_wage_pair ${pairRows(`select f.tenant_id, f.team_leader_id, f.worker_id, f.wage_month
    from unnest(wt, ww) w(t, w) join manage_wage f on f.tenant_id = w.t and f.worker_id = w.w
    where f.is_deleted = 0 and f.wage_month is not null`)};
end
$fn$`;

/** The statement trigger: the keys of the rows it wrote (before and after), to rpt_wage_refresh. */
function trigger(op: 'insert' | 'update' | 'delete'): string {
  const rows = op === 'insert' ? 'select * from new_rows' : op === 'delete' ? 'select * from old_rows' : 'select * from new_rows union all select * from old_rows';
  return `
create or replace function rpt_wage_on_${op}() returns trigger language plpgsql as $fn$
declare
  kt text[]; km date[]; ki bigint[]; wt text[]; ww bigint[];
begin
  select array_agg(t), array_agg(m), array_agg(i) into kt, km, ki
    from (select distinct tenant_id as t, ${month('wage_month')} as m, item_id as i from (${rows}) r where wage_month is not null) k;
  select array_agg(t), array_agg(w) into wt, ww
    from (select distinct tenant_id as t, worker_id as w from (${rows}) r where worker_id is not null) k;
  perform rpt_wage_refresh(coalesce(kt, '{}'), coalesce(km, '{}'), coalesce(ki, '{}'), coalesce(wt, '{}'), coalesce(ww, '{}'));
  return null;
end
$fn$`;
}

const TRIGGERS = [
  'drop trigger if exists rpt_wage_insert on manage_wage',
  'drop trigger if exists rpt_wage_update on manage_wage',
  'drop trigger if exists rpt_wage_delete on manage_wage',
  'create trigger rpt_wage_insert after insert on manage_wage referencing new table as new_rows for each statement execute function rpt_wage_on_insert()',
  'create trigger rpt_wage_update after update on manage_wage referencing old table as old_rows new table as new_rows for each statement execute function rpt_wage_on_update()',
  'create trigger rpt_wage_delete after delete on manage_wage referencing old table as old_rows for each statement execute function rpt_wage_on_delete()',
];

const REBUILD = [
  "select set_config('work_mem', '256MB', true)",
  'truncate rpt_wage_month, rpt_wage_item, rpt_wage_pair',
  `insert into rpt_wage_month
     select tenant_id, ${month('wage_month')}, item_id, team_leader_id, count(*), coalesce(sum(work_days), 0), coalesce(sum(amount), 0), coalesce(sum(paid_amount), 0)
     from manage_wage where is_deleted = 0 and wage_month is not null group by 1, 2, 3, 4`,
  `insert into rpt_wage_item
     select tenant_id, month, item_id, sum(facts), sum(work_days), sum(amount), sum(paid_amount), count(*)
     from (select tenant_id, ${month('wage_month')} as month, item_id, worker_id, count(*) as facts,
             coalesce(sum(work_days), 0) as work_days, coalesce(sum(amount), 0) as amount, coalesce(sum(paid_amount), 0) as paid_amount
           from manage_wage where is_deleted = 0 and wage_month is not null group by 1, 2, 3, 4) sheets
     group by 1, 2, 3`,
  `insert into rpt_wage_pair ${pairRows('select tenant_id, team_leader_id, worker_id, wage_month from manage_wage where is_deleted = 0 and wage_month is not null and worker_id is not null')}`,
  'analyze rpt_wage_month', 'analyze rpt_wage_item', 'analyze rpt_wage_pair',
];

async function run(trx: Db, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(trx);
}

/** Recomputes every summary from the wage rows (existing data; `npm run reports:rebuild`). Writers of wage rows wait meanwhile. */
export async function rebuildWageRollup(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`lock table manage_wage in share row exclusive mode`.execute(trx);
    await run(trx, REBUILD);
  });
}

/**
 * Creates the summaries and their triggers when missing or of another version, and fills them
 * from the existing wage rows in the same transaction (wage writers wait): an upgraded install
 * needs no step of its own. A start that finds them current does nothing.
 */
export async function installWageRollup(db: Db): Promise<boolean> {
  const installed = async (q: Db) => {
    const found = await sql<{ n: string | number }>`select count(*) as n from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      join pg_description d on d.objoid = (select oid from pg_proc where proname = 'rpt_wage_refresh') and d.description = ${VERSION}
      where t.tgrelid = 'manage_wage'::regclass and t.tgname like 'rpt_wage_%'`.execute(q);
    return Number(found.rows[0]?.n ?? 0) === 3;
  };
  if (await installed(db)) return false;
  return db.transaction().execute(async (trx) => {
    await sql`lock table manage_wage in share row exclusive mode`.execute(trx);
    if (await installed(trx)) return false;
    await run(trx, [...TABLES, REFRESH, trigger('insert'), trigger('update'), trigger('delete'), ...TRIGGERS,
      `comment on function rpt_wage_refresh(text[], date[], bigint[], text[], bigint[]) is '${VERSION}'`, ...REBUILD]);
    return true;
  });
}

const installs = new WeakMap<Db, { ready: boolean; done: Promise<void> }>();

/**
 * Installs the summaries in the background (filling them from a large table takes seconds):
 * until they are in place `wageRollupReady` is false and reports read the wage rows.
 */
export function startWageRollup(db: Db, opts: { failed: (error: Error) => void; install?: () => Promise<unknown> }): void {
  const { failed, install = () => installWageRollup(db) } = opts;
  const entry = { ready: false, done: Promise.resolve() };
  entry.done = install().then(() => { entry.ready = true; }, failed);
  installs.set(db, entry);
}

export const wageRollupReady = (db: Db): boolean => installs.get(db)?.ready === true;

/** Settles when the start's install has ended (closing the app waits for it). */
export const wageRollupSettled = (db: Db): Promise<void> => installs.get(db)?.done ?? Promise.resolve();

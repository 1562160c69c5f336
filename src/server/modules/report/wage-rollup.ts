import { sql, type RawBuilder } from 'kysely';
import { monthColumnOf } from '../../db/table-design.js';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { FilterKey, ReportFilters, ReportSource } from './report-types.js';

/*
 * Reading wage sheets through their monthly summaries (wage-rollup-install.ts): the whole
 * months of the range come from the summaries, the partial months at its ends from the wage
 * rows, as one relation shaped like manage_wage that the report's query reads instead.
 * Used only where that gives the same answer: no data scope on wages (a rule may name any
 * column), both dates given, and filters, groups and aggregates the summaries hold.
 */

/**
 * What the query needs beyond sums: `sums` (sums by month, item or team leader), `pairs`
 * (also the distinct workers of each team leader: rpt_wage_pair, `workersOfLeaders`), `groups` (also how many
 * month × worker × item groups: rpt_wage_item, carried in `c__`).
 */
export type RollupUse = 'sums' | 'pairs' | 'groups';

/** The stored month of wage_month (db/table-design.ts), which the reports group and filter the months by. */
const MONTH = monthColumnOf('wage_month');
/** Columns of the relation, in order: those of manage_wage a report reads, and `c__`. */
const COLUMNS = ['tenant_id', 'is_deleted', 'wage_month', MONTH, 'item_id', 'team_leader_id', 'worker_id', 'work_days', 'amount', 'paid_amount', 'c__'];
const SUMMED = ['workDays', 'amount', 'paidAmount'];
/** Filters each use can apply to the summaries. */
const FILTERS: Record<RollupUse, string[]> = { sums: ['itemId', 'teamLeaderId'], pairs: ['teamLeaderId'], groups: ['itemId'] };

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar month: its year and its number (1–12). */
interface Month { y: number; m: number }

const day = (month: Month, d: number) => `${month.y}-${pad(month.m)}-${pad(d)}`;
const lastDay = (month: Month) => new Date(Date.UTC(month.y, month.m, 0)).getUTCDate();

/** A month the range cuts: the days of it inside the range, and those outside. */
interface Edge { month: string; inside: [string, string]; outside: [string, string][] }

/** The months a range touches (first days `first`..`last`) and those it cuts at its ends. */
export function spanOf(start: string, end: string): { first: string; last: string; edges: Edge[] } {
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  const startMonth: Month = { y: sy, m: sm };
  const endMonth: Month = { y: ey, m: em };
  const first = day(startMonth, 1);
  const last = day(endMonth, 1);
  const before = sd > 1 ? [[first, day(startMonth, sd - 1)] as [string, string]] : [];
  const after = ed < lastDay(endMonth) ? [[day(endMonth, ed + 1), day(endMonth, lastDay(endMonth))] as [string, string]] : [];
  if (first === last) return { first, last, edges: before.length + after.length ? [{ month: first, inside: [start, end], outside: [...before, ...after] }] : [] };
  const edges: Edge[] = [];
  if (before.length) edges.push({ month: first, inside: [start, day(startMonth, lastDay(startMonth))], outside: before });
  if (after.length) edges.push({ month: last, inside: [last, end], outside: after });
  return { first, last, edges };
}

/** A source's query as the summaries see it. `dims`: the dimensions grouped by, `dropped`: those grouped by only to count groups. */
export interface RollupQuestion { model: EntityModel; source: ReportSource; filters: ReportFilters; hasScope: boolean; dims: string[]; dropped?: string[] }

/** Whether the summaries answer this source's query exactly. */
export function rollupUse({ model, source, filters, hasScope, dims, dropped = [] }: RollupQuestion): RollupUse | undefined {
  if (model.table !== 'manage_wage' || hasScope || !filters.startDate || !filters.endDate || source.asOf || source.date !== 'wageMonth') return undefined;
  const distinct = source.measures.filter((m) => m.agg === 'countDistinct');
  if (source.measures.some((m) => m.expression || (m.agg === 'sum' ? !SUMMED.includes(m.field!) : m.agg !== 'countDistinct'))) return undefined;
  if (distinct.some((m) => m.field !== 'workerId')) return undefined;
  const held = (key: string) => { const d = source.dims[key]; return typeof d === 'string' ? ['itemId', 'teamLeaderId'].includes(d) : 'month' in d ? d.month === 'wageMonth' : d.year === 'wageMonth'; };
  const unheld = dims.filter((k) => !held(k));
  let use: RollupUse = 'sums';
  if (distinct.length) {
    if (!dims.every((k) => source.dims[k] === 'teamLeaderId')) return undefined;
    use = 'pairs';
  } else if (unheld.length) {
    // Counting wage-sheet groups: rpt_wage_item counts exactly the month × worker × item ones.
    const d = dims.map((k) => source.dims[k]);
    const sheet = d.length === 3 && d.includes('workerId') && d.includes('itemId') && d.some((x) => typeof x === 'object' && 'month' in x && x.month === 'wageMonth');
    if (!sheet || !unheld.every((k) => dropped.includes(k))) return undefined;
    use = 'groups';
  }
  for (const notNull of source.notNull ?? []) if (notNull !== 'teamLeaderId') return undefined;
  for (const [key, field] of Object.entries(source.filters)) {
    if (filters[key as FilterKey] !== undefined && !FILTERS[use].includes(field!)) return undefined;
  }
  return use;
}

const date = (d: string) => sql`cast(${d} as date)`;

/**
 * Whether a month the range cuts is whole all the same: no live sheet of the tenant lies in its
 * days outside the range (sheets dated on the 1st: "this year up to today"). Checked in the same
 * statement as the read (an uncorrelated subquery: once a statement).
 */
const quietOf = (tenantId: string) => (edge: Edge) => sql`not exists (select 1 from manage_wage o where o.tenant_id = ${tenantId} and o.is_deleted = 0
          and (${sql.join(edge.outside.map(([x, y]) => sql`(o.wage_month >= ${date(x)} and o.wage_month <= ${date(y)})`), sql` or `)}))`;

/**
 * The wage rows of the range for `tenantId`, whole months summarised, as a relation with
 * manage_wage's columns (the caller's query applies every filter on it as on the table).
 * Summary rows stand for many sheets: only sums of them are right, which `rollupUse` checked.
 */
export function rolledUpWages({ tenantId, filters, use, byLeader }: { tenantId: string; filters: ReportFilters; use: RollupUse; byLeader: boolean }): RawBuilder<unknown> {
  if (use === 'pairs') throw new Error('report: the workers of team leaders are counted by workersOfLeaders');
  const span = spanOf(filters.startDate!, filters.endDate!);
  const quiet = quietOf(tenantId);
  const summarised = (column: RawBuilder<unknown>) => sql.join(span.edges.map((edge) => sql`(${column} <> ${date(edge.month)} or ${quiet(edge)})`), sql` and `);
  // Without team leaders the sums by month and item are enough (a row a month and item).
  const summary = byLeader ? sql`rpt_wage_month` : sql`rpt_wage_item`;
  const summarisedRows = sql`from ${summary} where tenant_id = ${tenantId} and month >= ${date(span.first)} and month <= ${date(span.last)}
          ${span.edges.length ? sql`and ${summarised(sql.ref('month'))}` : sql``}`;
  const branches: RawBuilder<unknown>[] = [
    // Dated inside the range (a month the range starts in is summarised from its 1st), so the report's own date filter keeps them.
    sql`select tenant_id, 0, greatest(month, ${date(filters.startDate!)}), month, item_id, ${byLeader ? sql`team_leader_id` : sql`cast(null as bigint)`}, cast(null as bigint), work_days, amount, paid_amount, ${use === 'groups' ? sql`groups` : sql`1`}
          ${summarisedRows}`,
    ...span.edges.map((edge) => sql`select tenant_id, is_deleted, wage_month, ${sql.ref(MONTH)}, item_id, team_leader_id, worker_id, work_days, amount, paid_amount, 1
          from manage_wage where tenant_id = ${tenantId} and wage_month >= ${date(edge.inside[0])} and wage_month <= ${date(edge.inside[1])}
          and ${sql.ref(MONTH)} = ${date(edge.month)} and not ${quiet(edge)}`),
  ];
  return sql`(select * from (${sql.join(branches, sql` union all `)}) u(${sql.join(COLUMNS.map((c) => sql.ref(c)))}))`;
}

/** A month as one number, as rpt_wage_pair counts them: year × 12 + month − 1. */
const monthNumber = (firstDay: string) => Number(firstDay.slice(0, 4)) * 12 + Number(firstDay.slice(5, 7)) - 1;

/**
 * How many workers each team leader had in the range (`use` = 'pairs', filtered by `teamLeaderId`
 * when given): rows (`team_leader_id`, `workers`, `k__` = 0), and one row `k__` = 1 with the
 * distinct workers of all leaders. Read from rpt_wage_pair, one row a leader and worker over all
 * years, so a pair counts once without a distinct: it has a sheet in a whole month of the range, or,
 * in a month the range cuts (unless no sheet lies in the days left out), a live sheet in the range's days.
 */
export function workersOfLeaders({ tenantId, filters, teamLeaderId }: { tenantId: string; filters: ReportFilters; teamLeaderId?: string }): RawBuilder<unknown> {
  const span = spanOf(filters.startDate!, filters.endDate!);
  const quiet = quietOf(tenantId);
  const cut = new Set(span.edges.map((e) => e.month));
  const lo = monthNumber(span.first) + (cut.has(span.first) ? 1 : 0);
  const hi = monthNumber(span.last) - (cut.has(span.last) && span.last !== span.first ? 1 : 0);
  const has = (a: number, b: number) => sql`rpt_wage_has(p.first_month, p.months, ${sql.lit(a)}, ${sql.lit(b)})`;
  const conditions = [
    ...(lo <= hi ? [has(lo, hi)] : []),
    // In the order written: the bit first, the wage rows only for a pair with a sheet that month.
    ...span.edges.map((edge) => sql`(${has(monthNumber(edge.month), monthNumber(edge.month))} and (${quiet(edge)} or exists (select 1 from manage_wage f
          where f.tenant_id = p.tenant_id and f.worker_id = p.worker_id and f.team_leader_id = p.team_leader_id and f.is_deleted = 0
          and f.wage_month >= ${date(edge.inside[0])} and f.wage_month <= ${date(edge.inside[1])})))`),
  ];
  return sql`(with c as materialized (select p.team_leader_id, p.worker_id from rpt_wage_pair p
          where p.tenant_id = ${tenantId} and p.team_leader_id is not null ${teamLeaderId !== undefined ? sql`and p.team_leader_id = ${teamLeaderId}` : sql``}
          and (${conditions.length ? sql.join(conditions, sql` or `) : sql`false`}))
        select team_leader_id, count(*) as workers, 0 as k__ from c group by team_leader_id
        union all select null, count(distinct worker_id), 1 from c)`;
}

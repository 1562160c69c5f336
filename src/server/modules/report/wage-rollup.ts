import { sql, type RawBuilder } from 'kysely';
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
 * (also the distinct workers of each team leader: rpt_wage_team), `groups` (also how many
 * month × worker × item groups: rpt_wage_item, carried in `c__`).
 */
export type RollupUse = 'sums' | 'pairs' | 'groups';

/** Columns of the relation, in order: those of manage_wage a report reads, and `c__`. */
const COLUMNS = ['tenant_id', 'is_deleted', 'wage_month', 'item_id', 'team_leader_id', 'worker_id', 'work_days', 'amount', 'paid_amount', 'c__'];
const SUMMED = ['workDays', 'amount', 'paidAmount'];
/** Filters each use can apply to the summaries. */
const FILTERS: Record<RollupUse, string[]> = { sums: ['itemId', 'teamLeaderId'], pairs: ['teamLeaderId'], groups: ['itemId'] };

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The whole months of a range (first days `from`..`to`) and the partial ones at its ends, as day ranges. */
export function monthsOf(start: string, end: string): { from: string; to: string; parts: [string, string][] } | undefined {
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  const first = sd === 1 ? [sy, sm] : sm === 12 ? [sy + 1, 1] : [sy, sm + 1];
  const last = ed === lastDay(ey, em) ? [ey, em] : em === 1 ? [ey - 1, 12] : [ey, em - 1];
  if (first[0] * 12 + first[1] > last[0] * 12 + last[1]) return undefined;
  const parts: [string, string][] = [];
  if (sd !== 1) parts.push([start, day(sy, sm, lastDay(sy, sm))]);
  if (ed !== lastDay(ey, em)) parts.push([day(ey, em, 1), end]);
  return { from: day(first[0], first[1], 1), to: day(last[0], last[1], 1), parts };
}

/** Whether the summaries answer this source's query exactly. `dims`: the dimensions grouped by, `dropped`: those grouped by only to count groups. */
export function rollupUse(model: EntityModel, source: ReportSource, filters: ReportFilters, hasScope: boolean, dims: string[], dropped: string[] = []): RollupUse | undefined {
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

const monthOf = (ref: RawBuilder<unknown>) => sql`date_trunc('month', cast(${ref} as timestamp))`;

/**
 * The wage rows of the range for `tenantId`, whole months summarised, as a relation with
 * manage_wage's columns (the caller's query applies every filter on it as on the table).
 * Summary rows stand for many sheets: only sums of them are right, which `rollupUse` checked.
 */
export function rolledUpWages(tenantId: string, filters: ReportFilters, use: RollupUse, byLeader: boolean): RawBuilder<unknown> | undefined {
  const months = monthsOf(filters.startDate!, filters.endDate!);
  if (!months) return undefined;
  const from = sql`cast(${months.from} as date)`;
  const to = sql`cast(${months.to} as date)`;
  // Without team leaders the sums by month and item are enough (a row a month and item).
  const summary = byLeader ? sql`rpt_wage_month` : sql`rpt_wage_item`;
  const branches: RawBuilder<unknown>[] = [
    sql`select tenant_id, 0, month, item_id, ${byLeader ? sql`team_leader_id` : sql`cast(null as bigint)`}, cast(null as bigint), work_days, amount, paid_amount, ${use === 'groups' ? sql`groups` : sql`1`}
          from ${summary} where tenant_id = ${tenantId} and month >= ${from} and month <= ${to}`,
    ...months.parts.map(([a, b]) => sql`select tenant_id, is_deleted, wage_month, item_id, team_leader_id, worker_id, work_days, amount, paid_amount, 1
          from manage_wage where tenant_id = ${tenantId} and wage_month >= cast(${a} as date) and wage_month <= cast(${b} as date)
          and ${monthOf(sql.ref('wage_month'))} = ${monthOf(sql`cast(${a} as date)`)}`),
  ];
  if (use === 'pairs') {
    // A team leader's workers of the whole months: those with a sheet in one of them (bit 0 = January).
    const [fy, fm] = months.from.split('-').map(Number);
    const [ty, tm] = months.to.split('-').map(Number);
    const mask = (y: number) => ((1 << ((y === ty ? tm : 12))) - 1) & ~((1 << ((y === fy ? fm : 1) - 1)) - 1);
    const years = Array.from({ length: ty - fy + 1 }, (_, i) => fy + i);
    branches.push(sql`select tenant_id, 0, ${from}, cast(null as bigint), team_leader_id, worker_id, 0, 0, 0, 1
          from rpt_wage_team where tenant_id = ${tenantId} and year >= ${fy} and year <= ${ty}
          and months & (case year ${sql.join(years.map((y) => sql`when ${sql.lit(y)} then ${sql.lit(mask(y))}`), sql` `)} end) <> 0`);
  }
  return sql`(select * from (${sql.join(branches, sql` union all `)}) u(${sql.join(COLUMNS.map((c) => sql.ref(c)))}))`;
}

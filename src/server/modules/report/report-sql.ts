import { sql, type Compilable, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { fieldOf, monthKeyOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { Db } from '../../db/database.js';
import { anyOf } from '../../engine/conditions.js';
import { monthColumnOf } from '../../db/table-design.js';
import type { DimensionSource, ReportFilters, ReportSource, ReportSpec, SourceMeasure, SourceRead } from './report-types.js';
import { rolledUpWages, rollupUse, workersOfLeaders, type RollupUse } from './wage-rollup.js';
import { wageRollupReady } from './wage-rollup-install.js';

/*
 * The SQL of a report source: its fact rows (tenant, live, data scope, filters), how a
 * dimension groups, and the aggregates over the facts or over pre-grouped rows. Every value
 * is bound; names come from the entity models.
 */

export type Query = SelectQueryBuilder<any, any, any>;

/** Text of a dimension in the answer; its group value (for order) beside it; a measure. */
export const dimAlias = (key: string) => `d_${key}`;
export const orderAlias = (key: string) => `o_${key}`;
export const measureAlias = (key: string) => `m_${key}`;
const groupAlias = (key: string) => `g_${key}`;
const distinctAlias = (field: string) => `x_${field}`;

export function column(model: EntityModel, name: string): string {
  const field = fieldOf(model, name);
  if (!field) throw new Error(`report: ${model.key} has no field ${name}`);
  return field.column;
}

const monthOf = (ref: RawBuilder<unknown> | ReturnType<typeof sql.ref>) => sql`date_trunc('month', cast(${ref} as timestamp))`;
/** The 1st of a `YYYY-MM-DD` day's month. */
const monthStart = (day: string) => sql`cast(${`${day.slice(0, 8)}01`} as date)`;

/**
 * A dimension groups by the raw column, the month of a date or its year — what an index
 * can hold — and is written as text only for the answer (`text` of the group value).
 */
interface DimSql { group: RawBuilder<unknown>; text: (group: RawBuilder<unknown>) => RawBuilder<unknown> }

function dimSql(model: EntityModel, source: DimensionSource): DimSql {
  if (typeof source === 'string') return { group: sql`${sql.ref(column(model, source))}`, text: (g) => sql`cast(${g} as text)` };
  if ('month' in source) {
    // A date with a stored month (a covering index's key) groups by that column, in index order.
    const date = column(model, source.month);
    return { group: monthIndexed(model, source.month) ? sql`${sql.ref(monthColumnOf(date))}` : monthOf(sql.ref(date)), text: (g) => sql`to_char(${g}, 'YYYY-MM')` };
  }
  return { group: sql`extract(year from ${sql.ref(column(model, source.year))})`, text: (g) => sql`cast(${g} as text)` };
}

/** The model's table has a stored month of this date field (`month_of_…`), keying a covering index. */
const monthIndexed = (model: EntityModel, field: string) => !model.datasource && model.coveringIndexes.some((ix) => ix.fields.some((f) => monthKeyOf(f) === field));

/**
 * The fact rows one source reads: the caller's tenant, live rows, the caller's data
 * scope on the fact entity, and the filters this source names. Values are bound.
 */
export async function factRows(read: SourceRead, grouping?: { dims: string[]; dropped?: string[] }): Promise<{ model: EntityModel; query: Query; rollup?: RollupUse }> {
  const { services, spec, source, filters, ctx } = read;
  const model = services.model(source.fact);
  const scope = await services.resources.scopeOf(model, ctx);
  // Whole months from the monthly summaries where they give the same answer (wage-rollup.ts).
  const use = grouping && !spec.byYear && wageRollupReady(services.system.repo.db) ? rollupUse({ model, source, filters, hasScope: Boolean(scope), dims: grouping.dims, dropped: grouping.dropped }) : undefined;
  // Distinct workers per leader are counted by `workerCounts`, not over this relation.
  const rollup = use === 'pairs' ? undefined : use;
  const byLeader = Boolean(grouping?.dims.some((k) => source.dims[k] === 'teamLeaderId') || source.notNull?.includes('teamLeaderId')
    || Object.entries(source.filters).some(([k, field]) => field === 'teamLeaderId' && filters[k as keyof ReportFilters] !== undefined));
  const rolled = rollup ? rolledUpWages({ tenantId: ctx.tenantId, filters, use: rollup, byLeader }) : undefined;
  const db = services.system.repo.db;
  const table: Query = rolled ? db.selectFrom(rolled.as(model.table)) : db.selectFrom(model.table);
  let q = table.where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0);
  for (const name of source.notNull ?? []) q = q.where(column(model, name), 'is not', null);
  for (const [key, field] of Object.entries(source.filters)) {
    const value = filters[key as keyof ReportFilters];
    if (value !== undefined) q = q.where(column(model, field!), '=', value);
  }
  if (spec.byYear && filters.year !== undefined) {
    q = source.year
      ? q.where(column(model, source.year), '=', filters.year)
      : q.where(sql.ref(column(model, source.date!)), '>=', sql`cast(${`${filters.year}-01-01`} as date)`).where(sql.ref(column(model, source.date!)), '<', sql`cast(${`${filters.year + 1}-01-01`} as date)`);
  }
  if (source.date && !spec.byYear) {
    const date = sql.ref(column(model, source.date));
    // The same range on the stored month too (implied by the days): lets an index keyed by the month read only those months.
    const month = monthIndexed(model, source.date) ? sql.ref(monthColumnOf(column(model, source.date))) : undefined;
    if (filters.startDate && !source.asOf) {
      q = q.where(date, '>=', sql`cast(${filters.startDate} as date)`);
      if (month) q = q.where(month, '>=', monthStart(filters.startDate));
    }
    if (filters.endDate) {
      q = q.where(date, '<=', sql`cast(${filters.endDate} as date)`);
      if (month) q = q.where(month, '<=', monthStart(filters.endDate));
    }
  }
  if (scope) q = q.where((eb) => anyOf(eb, scope));
  return { model, query: q, rollup: rolled ? rollup : undefined };
}

/**
 * The statement counting a source's distinct workers per team leader from the pair summary
 * (`workersOfLeaders`: rows team_leader_id, workers, k__), where that answers exactly
 * (`rollupUse` = 'pairs': no data scope, both dates, grouped by the team leader alone);
 * undefined elsewhere (the report then counts over the wage rows).
 */
export async function workerCounts(read: SourceRead, dims: string[]): Promise<Query | undefined> {
  const { services, spec, source, filters, ctx } = read;
  if (spec.byYear || dims.length !== 1 || !wageRollupReady(services.system.repo.db)) return undefined;
  const model = services.model(source.fact);
  const scope = await services.resources.scopeOf(model, ctx);
  if (rollupUse({ model, source, filters, hasScope: Boolean(scope), dims }) !== 'pairs') return undefined;
  const leaderKey = Object.entries(source.filters).find(([, field]) => field === 'teamLeaderId')?.[0];
  const leader = leaderKey === undefined ? undefined : filters[leaderKey as keyof ReportFilters];
  return services.system.repo.db.selectFrom(workersOfLeaders({ tenantId: ctx.tenantId, filters, teamLeaderId: leader === undefined ? undefined : String(leader) }).as('w')).selectAll('w');
}

function factAggregate(m: SourceMeasure, { model, filters }: { model: EntityModel; filters: ReportFilters }): RawBuilder<unknown> {
  if (m.expression) return sql`coalesce(sum(${m.expression(filters)}), 0)`;
  const ref = m.field ? sql.ref(column(model, m.field)) : undefined;
  switch (m.agg) {
    case 'count': return sql`count(*)`;
    case 'countDistinct': return sql`count(distinct ${ref})`;
    case 'max': return sql`max(${ref})`;
    default: return sql`coalesce(sum(${ref}), 0)`;
  }
}

/**
 * A source grouped by the given dimension keys (none: one row of totals), straight over the
 * facts; `ordered`: in the report's order, dimensions by their group value (an index keyed
 * like the groups then gives them without a sort).
 */
export async function grouped(read: SourceRead, { dims, ordered = false }: { dims: string[]; ordered?: boolean }): Promise<Query> {
  const { spec, source, filters } = read;
  // In order (a page read along an index): the wage rows themselves.
  const { model, query } = await factRows(read, ordered ? undefined : { dims });
  const parts = dims.map((key) => dimSql(model, source.dims[key]));
  let q = query.select([
    ...dims.map((key, i) => parts[i].text(parts[i].group).as(dimAlias(key))),
    ...source.measures.map((m) => factAggregate(m, { model, filters }).as(measureAlias(m.key))),
  ]);
  if (parts.length) q = q.groupBy(parts.map((p) => p.group));
  if (ordered) q = q.orderBy(sql.join(orderTerms({ spec, source }, (key) => parts[dims.indexOf(key)].group)));
  return q;
}

/**
 * Several groupings of a source in one scan of the facts: the facts are first grouped by
 * every dimension (and any count-distinct field), then GROUPING SETS over those few rows.
 * Each set's row carries `k__` (`kind(set)` tells which) and, with `countGroups`, `n__`: how many
 * groups of all the dimensions it covers.
 */
export async function groupingSets(read: SourceRead, { dims, sets, countGroups = false }: { dims: string[]; sets: string[][]; countGroups?: boolean }): Promise<{ query: Query; kind: (set: string[]) => number }> {
  const { services, source, filters } = read;
  const shownDims = dims.filter((key) => sets.some((set) => set.includes(key)));
  // Dimensions no set shows are grouped by only to count the groups.
  const { model, query, rollup } = await factRows(read, { dims, dropped: countGroups ? dims.filter((k) => !shownDims.includes(k)) : [] });
  const parts = dims.map((key) => dimSql(model, source.dims[key]));
  const distinct = [...new Set(source.measures.filter((m) => m.agg === 'countDistinct').map((m) => m.field!))];
  const partial = (m: SourceMeasure) => (m.agg === 'countDistinct' ? [] : [factAggregate(m, { model, filters }).as(measureAlias(m.key))]);
  let inner = query.select([
    ...dims.map((key, i) => parts[i].group.as(groupAlias(key))),
    ...distinct.map((f) => sql.ref(column(model, f)).as(distinctAlias(f))),
    ...source.measures.flatMap(partial),
    // A summarised month stands for its wage-sheet groups (rpt_wage_item), a wage row's group for one.
    ...(rollup === 'groups' ? [sql`max(c__)`.as('c__')] : []),
  ]);
  const innerKeys = [...parts.map((p) => p.group), ...distinct.map((f) => sql`${sql.ref(column(model, f))}`)];
  if (innerKeys.length) inner = inner.groupBy(innerKeys);
  const g = (key: string) => sql`${sql.ref(`p.${groupAlias(key)}`)}`;
  const shown = dims.filter((key) => sets.some((set) => set.includes(key)));
  // grouping(): one bit a shown dimension, the last one lowest, set where the set does not group by it.
  const kind = (set: string[]) => shown.reduce((k, key, i) => (set.includes(key) ? k : k | (1 << (shown.length - 1 - i))), 0);
  const combined = (m: SourceMeasure) => {
    const p = sql.ref(`p.${measureAlias(m.key)}`);
    if (m.agg === 'countDistinct') return sql`count(distinct ${sql.ref(`p.${distinctAlias(m.field!)}`)})`;
    return m.agg === 'max' ? sql`max(${p})` : sql`coalesce(sum(${p}), 0)`;
  };
  // With a count-distinct field the inner rows are finer than the dimension groups.
  const groupsCounted = rollup === 'groups' ? sql`sum(${sql.ref('p.c__')})` : distinct.length ? sql`count(distinct (${sql.join(dims.map(g))}))` : sql`count(*)`;
  const outer = services.system.repo.db.selectFrom(inner.as('p')).select([
    ...shown.flatMap((key) => { const part = parts[dims.indexOf(key)]; return [part.text(g(key)).as(dimAlias(key)), g(key).as(orderAlias(key))]; }),
    ...source.measures.map((m) => combined(m).as(measureAlias(m.key))),
    sql<number>`${shown.length ? sql`grouping(${sql.join(shown.map(g))})` : sql`0`}`.as('k__'),
    ...(countGroups ? [sql<string>`${dims.length ? groupsCounted : sql`count(*)`}`.as('n__')] : []),
  ]).groupBy(sql`grouping sets (${sql.join(sets.map((set) => sql`(${sql.join(set.map(g), sql`, `)})`))})`);
  return { query: outer, kind };
}

/** ORDER BY terms of the report's order: dimensions by their group value (`dimGroup`, else its `o_` column), measures by their alias. */
export const orderTerms = ({ spec, source }: { spec: ReportSpec; source: ReportSource }, dimGroup?: (key: string) => RawBuilder<unknown>) => spec.order.map((entry) => {
  const key = entry.replace(/^-/, '');
  const term = key in source.dims ? (dimGroup?.(key) ?? sql.ref(orderAlias(key))) : sql.ref(measureAlias(key));
  return sql`${term} ${sql.raw(entry.startsWith('-') ? 'desc' : 'asc')} nulls last`;
});

/**
 * Runs a report statement with room to group in memory (the server's default work_mem of
 * 4 MB sends a year of wage groups to disk) and without JIT compilation (tens of ms a
 * statement, more than it saves on these). `streamGroups`: many groups, read in index order
 * rather than hashed.
 */
export async function execute<R = Record<string, unknown>>(services: AppServices, statement: { query: Compilable; streamGroups?: boolean }): Promise<R[]> {
  const { query, ...opts } = statement;
  return services.system.repo.db.transaction().execute(async (trx: Db) => {
    await sessionSettings(trx, opts);
    return (await trx.executeQuery<R>(query.compile())).rows;
  });
}

export async function sessionSettings(trx: Db, opts: { streamGroups?: boolean } = {}): Promise<void> {
  await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true), set_config('enable_hashagg', ${opts.streamGroups ? 'off' : 'on'}, true)`.execute(trx);
}

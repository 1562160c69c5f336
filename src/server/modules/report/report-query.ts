import { CompiledQuery, sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { EntityModel } from '../../../shared/schema/entity-model.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { Db } from '../../db/database.js';
import { anyOf } from '../../engine/conditions.js';
import type { RequestContext } from '../../engine/request-context.js';
import type { DimensionSource, ReportFilters, ReportSource, ReportSpec, SourceMeasure } from './report-types.js';
import type { ReportAnswer, ReportRow } from '../../../shared/report-answer.js';
export type { ReportAnswer, ReportRow };

/** One grouped row: dimension values as text, measures as numbers (a max of dates stays text). */

type Query = SelectQueryBuilder<any, any, any>;

const dimAlias = (key: string) => `d_${key}`;
const measureAlias = (key: string) => `m_${key}`;

function column(model: EntityModel, name: string): string {
  const field = fieldOf(model, name);
  if (!field) throw new Error(`report: ${model.key} has no field ${name}`);
  return field.column;
}

function dimExpression(model: EntityModel, source: DimensionSource): RawBuilder<unknown> {
  if (typeof source === 'string') return sql`cast(${sql.ref(column(model, source))} as text)`;
  if ('month' in source) return sql`to_char(${sql.ref(column(model, source.month))}, 'YYYY-MM')`;
  return sql`cast(extract(year from ${sql.ref(column(model, source.year))}) as text)`;
}

function measureExpression(model: EntityModel, m: SourceMeasure, filters: ReportFilters): RawBuilder<unknown> {
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
 * The fact rows one source reads: the caller's tenant, live rows, the caller's data
 * scope on the fact entity, and the filters this source names. Values are bound.
 */
async function factRows(services: AppServices, spec: ReportSpec, source: ReportSource, filters: ReportFilters, ctx: RequestContext): Promise<{ model: EntityModel; query: Query }> {
  const model = services.model(source.fact);
  let q: Query = services.repo.db.selectFrom(model.table).where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0);
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
    if (filters.startDate && !source.asOf) q = q.where(date, '>=', sql`cast(${filters.startDate} as date)`);
    if (filters.endDate) q = q.where(date, '<=', sql`cast(${filters.endDate} as date)`);
  }
  const scope = await services.resources.scopeOf(model, ctx);
  if (scope) q = q.where((eb) => anyOf(eb, scope));
  return { model, query: q };
}

/** A source grouped by the given dimension keys (all of them when omitted). */
async function grouped(services: AppServices, spec: ReportSpec, source: ReportSource, filters: ReportFilters, ctx: RequestContext, dims: string[]): Promise<Query> {
  const { model, query } = await factRows(services, spec, source, filters, ctx);
  const dimExprs = dims.map((key) => dimExpression(model, source.dims[key]));
  let q = query.select([
    ...dims.map((key, i) => dimExprs[i].as(dimAlias(key))),
    ...source.measures.map((m) => measureExpression(model, m, filters).as(measureAlias(m.key))),
  ]);
  if (dimExprs.length) q = q.groupBy(dimExprs);
  return q;
}

function toRow(spec: ReportSpec, raw: Record<string, unknown>, dims: string[], measures: SourceMeasure[]): ReportRow {
  const row: ReportRow = {};
  for (const key of dims) row[key] = raw[dimAlias(key)] === null || raw[dimAlias(key)] === undefined ? null : String(raw[dimAlias(key)]);
  for (const m of measures) {
    const value = raw[measureAlias(m.key)];
    const format = spec.measures.find((c) => c.key === m.key)?.format;
    row[m.key] = format === 'date' ? (value === null || value === undefined ? null : String(value).slice(0, 10)) : Number(value ?? 0);
  }
  return row;
}

/** Fills the derived measures (and missing ones with 0) of a row. */
export function complete(spec: ReportSpec, row: ReportRow): ReportRow {
  for (const c of spec.measures) if (!c.derive && c.format !== 'date' && row[c.key] === undefined) row[c.key] = 0;
  for (const c of spec.measures) if (c.derive) row[c.key] = round(c.derive(row as Record<string, number>));
  for (const c of spec.measures) if (c.format === 'money' && typeof row[c.key] === 'number') row[c.key] = round(row[c.key] as number);
  return row;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

function orderBy(q: Query, spec: ReportSpec, source: ReportSource): Query {
  let out = q;
  for (const entry of spec.order) {
    const key = entry.replace(/^-/, '');
    const dir = entry.startsWith('-') ? 'desc' : 'asc';
    const isDim = key in source.dims;
    out = out.orderBy(sql`${sql.ref(isDim ? dimAlias(key) : measureAlias(key))} ${sql.raw(dir)} nulls last`);
  }
  return out;
}

function compareRows(spec: ReportSpec) {
  return (a: ReportRow, b: ReportRow) => {
    for (const entry of spec.order) {
      const key = entry.replace(/^-/, '');
      const sign = entry.startsWith('-') ? -1 : 1;
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

const keyOf = (row: ReportRow, dims: string[]) => dims.map((d) => row[d] ?? '').join('\u0001');

/** Every source grouped by `dims`, merged on the dimension values (reports over several facts). */
async function mergedRows(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext, dims: string[]): Promise<ReportRow[]> {
  const merged = new Map<string, ReportRow>();
  for (const source of spec.sources) {
    const rows = await (await grouped(services, spec, source, filters, ctx, dims)).execute();
    for (const raw of rows) {
      const row = toRow(spec, raw, dims, source.measures);
      const key = keyOf(row, dims);
      merged.set(key, { ...merged.get(key), ...row });
    }
  }
  return [...merged.values()].map((r) => complete(spec, r));
}

const dimKeys = (spec: ReportSpec) => spec.dims.map((d) => d.key);

function totalsOf(spec: ReportSpec, rows: ReportRow[]): ReportRow {
  const totals: ReportRow = {};
  for (const c of spec.measures) {
    if (c.derive || c.noTotal) continue;
    totals[c.key] = rows.reduce((sum, r) => sum + Number(r[c.key] ?? 0), 0);
  }
  for (const c of spec.measures) if (c.noTotal && !c.derive) totals[c.key] = null;
  return complete(spec, totals);
}

/** The rows, totals and chart series of one page of a report. */
export async function runReport(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext, page: { current: number; size: number }): Promise<ReportAnswer> {
  const dims = dimKeys(spec);
  if (spec.sources.length === 1 && !spec.manyGroups && dims.includes(spec.chart.by)) return onePass(services, spec, filters, ctx, page);
  const chartPromise = chartRows(services, spec, filters, ctx);
  if (spec.sources.length === 1) {
    const source = spec.sources[0];
    const offset = (page.current - 1) * page.size;
    const rowsQuery = orderBy(await grouped(services, spec, source, filters, ctx, dims), spec, source).limit(page.size).offset(offset);
    const countQuery = services.repo.db.selectFrom((await grouped(services, spec, source, filters, ctx, dims)).as('g')).select(sql<string>`count(*)`.as('n'));
    const totalsQuery = await grouped(services, spec, source, filters, ctx, []);
    const [rows, count, totalRow, chart] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirst(), totalsQuery.executeTakeFirst(), chartPromise]);
    const total = Number(count?.n ?? 0);
    const totals = complete(spec, toRow(spec, totalRow ?? {}, [], source.measures));
    for (const c of spec.measures) if (c.noTotal) totals[c.key] = c.format === 'date' ? null : totals[c.key];
    const records = rows.map((r) => complete(spec, toRow(spec, r, dims, source.measures)));
    return { records: await labelled(services, spec, ctx, records), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size), totals, chart };
  }
  const all = (await mergedRows(services, spec, filters, ctx, dims)).sort(compareRows(spec));
  const records = all.slice((page.current - 1) * page.size, page.current * page.size);
  return {
    records: await labelled(services, spec, ctx, records), total: all.length, current: page.current, size: page.size,
    pages: Math.ceil(all.length / page.size), totals: totalsOf(spec, all), chart: await chartPromise,
  };
}

const orderTerms = (spec: ReportSpec, source: ReportSource) => spec.order.map((entry) => {
  const key = entry.replace(/^-/, '');
  return sql`${sql.ref(key in source.dims ? dimAlias(key) : measureAlias(key))} ${sql.raw(entry.startsWith('-') ? 'desc' : 'asc')} nulls last`;
});

/**
 * A single-fact report in one scan of the facts: GROUPING SETS give the page's groups, the
 * chart's groups and the totals together (count distinct stays right per set); a window
 * numbers and counts the report's groups, so only the asked page leaves the database.
 */
async function onePass(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext, page: { current: number; size: number }): Promise<ReportAnswer> {
  const source = spec.sources[0];
  const dims = dimKeys(spec);
  const { model, query } = await factRows(services, spec, source, filters, ctx);
  const exprs = dims.map((key) => dimExpression(model, source.dims[key]));
  const chartAt = dims.indexOf(spec.chart.by);
  const sets = [sql`(${sql.join(exprs)})`, ...(dims.length > 1 ? [sql`(${exprs[chartAt]})`] : []), sql`()`];
  // grouping(): one bit a dimension, the last one lowest, 1 where the set does not group by it.
  const totalsKind = (1 << dims.length) - 1;
  const chartKind = dims.length > 1 ? totalsKind & ~(1 << (dims.length - 1 - chartAt)) : 0;
  const sets_q = query.select([
    ...dims.map((key, i) => exprs[i].as(dimAlias(key))),
    ...source.measures.map((m) => measureExpression(model, m, filters).as(measureAlias(m.key))),
    sql<number>`grouping(${sql.join(exprs)})`.as('k__'),
  ]).groupBy(sql`grouping sets (${sql.join(sets)})`);
  const offset = (page.current - 1) * page.size;
  const numbered = services.repo.db.selectFrom(sets_q.as('g')).selectAll('g').select([
    sql<string>`count(*) filter (where k__ = 0) over ()`.as('n__'),
    sql<string>`row_number() over (partition by k__ order by ${sql.join(orderTerms(spec, source))})`.as('r__'),
  ]);
  const raw = await services.repo.db.selectFrom(numbered.as('w')).selectAll('w')
    .where((eb) => eb.or([eb('k__', '<>', 0), eb.and([eb('r__', '>', offset), eb('r__', '<=', offset + page.size)]), ...(chartKind === 0 ? [eb('k__', '=', 0)] : [])]))
    .execute();
  const of = (kind: number) => raw.filter((r) => Number(r.k__) === kind).sort((a, b) => Number(a.r__) - Number(b.r__));
  const detail = of(0);
  const pageRows = detail.filter((r) => Number(r.r__) > offset && Number(r.r__) <= offset + page.size);
  const total = raw.length ? Number(raw[0].n__) : 0;
  const totals = complete(spec, toRow(spec, of(totalsKind)[0] ?? {}, [], source.measures));
  for (const c of spec.measures) if (c.noTotal) totals[c.key] = c.format === 'date' ? null : totals[c.key];
  const records = pageRows.map((r) => complete(spec, toRow(spec, r, dims, source.measures)));
  const chartRaw = (chartKind === 0 ? detail : of(chartKind)).map((r) => complete(spec, toRow(spec, r, [spec.chart.by], source.measures)));
  return {
    records: await labelled(services, spec, ctx, records), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size),
    totals, chart: await chartSeries(services, spec, ctx, chartRaw),
  };
}

/** The chart's series: the measures grouped by the chart's dimension only, the smallest slices folded into "other". */
async function chartRows(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext): Promise<ReportRow[]> {
  return chartSeries(services, spec, ctx, await mergedRows(services, spec, filters, ctx, [spec.chart.by]));
}

/** Orders the chart's groups and folds the smallest slices into "other". */
async function chartSeries(services: AppServices, spec: ReportSpec, ctx: RequestContext, grouped: ReportRow[]): Promise<ReportRow[]> {
  const by = spec.chart.by;
  let rows = grouped;
  if (spec.chart.kind === 'pie' || spec.chart.top) rows.sort((a, b) => Number(b[spec.chart.measures[0]]) - Number(a[spec.chart.measures[0]]));
  else rows.sort((a, b) => String(a[by] ?? '').localeCompare(String(b[by] ?? '')));
  const top = spec.chart.top;
  if (top && rows.length > top) {
    const rest = rows.slice(top - 1);
    const other: ReportRow = { [by]: null, other: 1 };
    for (const m of spec.measures) if (!m.derive && m.format !== 'date') other[m.key] = rest.reduce((s, r) => s + Number(r[m.key] ?? 0), 0);
    rows = [...rows.slice(0, top - 1), complete(spec, other)];
  }
  return labelled(services, spec, ctx, rows);
}

/** Adds `<dim>Name` labels: looked-up names (deleted rows still name their figures) and dictionary values. */
export async function labelled(services: AppServices, spec: ReportSpec, ctx: RequestContext, rows: ReportRow[], db: Db = services.repo.db): Promise<ReportRow[]> {
  for (const dim of spec.dims) {
    const ids = [...new Set(rows.map((r) => r[dim.key]).filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (dim.lookup && ids.length) {
      const model = services.model(dim.lookup.model);
      const names = await db.selectFrom(model.table).select(['id', column(model, dim.lookup.field)])
        .where('tenant_id', '=', ctx.tenantId).where('id', 'in', ids).execute();
      const byId = new Map(names.map((n) => [String(n.id), String(n[column(model, dim.lookup!.field)])]));
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = byId.get(String(r[dim.key])) ?? null;
    } else if (dim.dict) {
      const labels = await dictLabels(services, dim.dict, db);
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = labels.get(String(r[dim.key])) ?? (r[dim.key] as string | null);
    } else if (!dim.lookup) {
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = r[dim.key];
    }
  }
  return rows;
}

async function dictLabels(services: AppServices, code: string, db: Db): Promise<Map<string, string>> {
  const dict = services.model('system/dict');
  return services.derived.get(`report-dict:${code}`, [dict.table], async () => {
    const rows = await db.selectFrom(dict.table).select(['dict_key', 'dict_value'])
      .where('code', '=', code).where('parent_id', '<>', '0').where('is_deleted', '=', 0).execute();
    return new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)]));
  });
}

/**
 * Every row of a report, in order, handed over in batches: a single-fact report reads
 * through a server-side cursor, so neither the rows nor the workbook are ever whole in memory.
 */
export async function forEachBatch(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext, batchSize: number, onBatch: (rows: ReportRow[]) => Promise<void>): Promise<void> {
  const dims = dimKeys(spec);
  if (spec.sources.length > 1) {
    const all = (await mergedRows(services, spec, filters, ctx, dims)).sort(compareRows(spec));
    for (let i = 0; i < all.length; i += batchSize) await onBatch(await labelled(services, spec, ctx, all.slice(i, i + batchSize)));
    return;
  }
  const source = spec.sources[0];
  const compiled = orderBy(await grouped(services, spec, source, filters, ctx, dims), spec, source).compile();
  await services.repo.db.transaction().execute(async (trx: Db) => {
    await trx.executeQuery(CompiledQuery.raw(`declare report_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]));
    for (;;) {
      const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${batchSize} from report_rows`));
      if (rows.length === 0) break;
      // Labels are read inside the cursor's transaction: the embedded database has one connection.
      await onBatch(await labelled(services, spec, ctx, rows.map((r) => complete(spec, toRow(spec, r, dims, source.measures))), trx));
      if (rows.length < batchSize) break;
    }
    await trx.executeQuery(CompiledQuery.raw('close report_rows'));
  });
}

/** Totals of the whole report (the export's last row). */
export async function reportTotals(services: AppServices, spec: ReportSpec, filters: ReportFilters, ctx: RequestContext): Promise<ReportRow> {
  if (spec.sources.length > 1) return totalsOf(spec, await mergedRows(services, spec, filters, ctx, dimKeys(spec)));
  const source = spec.sources[0];
  const row = await (await grouped(services, spec, source, filters, ctx, [])).executeTakeFirst();
  const totals = complete(spec, toRow(spec, row ?? {}, [], source.measures));
  for (const c of spec.measures) if (c.format === 'date') totals[c.key] = null;
  return totals;
}

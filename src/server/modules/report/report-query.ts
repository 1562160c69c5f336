import { sql } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { Db } from '../../db/database.js';
import { forEachCursorBatch } from '../../db/cursor-batches.js';
import type { RequestContext } from '../../engine/request-context.js';
import { column, dimAlias, execute, groupingSets, grouped, measureAlias, orderTerms, sessionSettings, workerCounts } from './report-sql.js';
import type { ReportRun, ReportSource, ReportSpec, SourceMeasure, SourceRead } from './report-types.js';
import type { ReportAnswer, ReportRow } from '../../../shared/report-answer.js';
export type { ReportAnswer, ReportRow };

/** How a grouped row becomes a report row: the report, the dimensions grouped by and the source's measures. */
interface RowShape { spec: ReportSpec; dims: string[]; measures: SourceMeasure[] }

function toRow(raw: Record<string, unknown>, { spec, dims, measures }: RowShape): ReportRow {
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

/** Every source grouped by `dims` (each in its own statement, side by side), merged on the dimension values (reports over several facts). */
async function mergedRows(run: ReportRun, dims: string[]): Promise<ReportRow[]> {
  const { services, spec } = run;
  const merged = new Map<string, ReportRow>();
  const perSource = await Promise.all(spec.sources.map(async (source) => execute(services, { query: await grouped({ ...run, source }, { dims }) })));
  spec.sources.forEach((source, i) => {
    for (const raw of perSource[i]) {
      const row = toRow(raw, { spec, dims, measures: source.measures });
      const key = keyOf(row, dims);
      merged.set(key, { ...merged.get(key), ...row });
    }
  });
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

type Page = { current: number; size: number };

/** The rows, totals and chart series of one page of a report. */
export async function runReport(run: ReportRun, page: Page): Promise<ReportAnswer> {
  const { spec } = run;
  if (spec.sources.length === 1) {
    if (spec.manyGroups) return manyGroups(run, page);
    return (await withWorkerCounts(run, page)) ?? onePass(run, page);
  }
  const dims = dimKeys(spec);
  // The chart groups by the report's only dimension: the same rows, not a second read of the facts.
  const sameGroups = dims.length === 1 && dims[0] === spec.chart.by;
  const [all, chartGroups] = await Promise.all([
    mergedRows(run, dims),
    sameGroups ? undefined : mergedRows(run, [spec.chart.by]),
  ]);
  all.sort(compareRows(spec));
  const records = all.slice((page.current - 1) * page.size, page.current * page.size);
  return {
    records: await labelled(run, records), total: all.length, current: page.current, size: page.size,
    pages: Math.ceil(all.length / page.size), totals: totalsOf(spec, all), chart: await chartSeries(run, (chartGroups ?? all).map((r) => ({ ...r }))),
  };
}

/** Totals of a grouping-sets row: a count of distinct values or a date is not summed into them. */
function totalsRow(raw: Record<string, unknown> | undefined, { spec, source }: { spec: ReportSpec; source: ReportSource }): ReportRow {
  const totals = complete(spec, toRow(raw ?? {}, { spec, dims: [], measures: source.measures }));
  for (const c of spec.measures) if (c.noTotal) totals[c.key] = c.format === 'date' ? null : totals[c.key];
  return totals;
}

/**
 * A single-fact report in one scan of the facts: GROUPING SETS give the page's groups, the
 * chart's groups and the totals together (count distinct stays right per set); a window
 * numbers and counts the report's groups, so only the asked page leaves the database.
 */
async function onePass(run: ReportRun, page: Page): Promise<ReportAnswer> {
  const { services, spec } = run;
  const source = spec.sources[0];
  const read: SourceRead = { ...run, source };
  const dims = dimKeys(spec);
  const chartSet = dims.length > 1 ? [[spec.chart.by]] : [];
  const { query: sets, kind } = await groupingSets(read, { dims, sets: [dims, ...chartSet, []] });
  const totalsKind = kind([]);
  const chartKind = kind([spec.chart.by]);
  const offset = (page.current - 1) * page.size;
  const numbered = services.system.repo.db.selectFrom(sets.as('g')).selectAll('g').select([
    sql<string>`count(*) filter (where k__ = 0) over ()`.as('n__'),
    sql<string>`row_number() over (partition by k__ order by ${sql.join(orderTerms(read))})`.as('r__'),
  ]);
  const raw = await execute(services, { query: services.system.repo.db.selectFrom(numbered.as('w')).selectAll('w')
    .where((eb) => eb.or([eb('k__', '<>', 0), eb.and([eb('r__', '>', offset), eb('r__', '<=', offset + page.size)]), ...(chartKind === 0 ? [eb('k__', '=', 0)] : [])])) });
  const of = (kind: number) => raw.filter((r) => Number(r.k__) === kind).sort((a, b) => Number(a.r__) - Number(b.r__));
  const detail = of(0);
  const pageRows = detail.filter((r) => Number(r.r__) > offset && Number(r.r__) <= offset + page.size);
  const total = raw.length ? Number(raw[0].n__) : 0;
  const records = pageRows.map((r) => complete(spec, toRow(r, { spec, dims, measures: source.measures })));
  const chartRaw = (chartKind === 0 ? detail : of(chartKind)).map((r) => complete(spec, toRow(r, { spec, dims: [spec.chart.by], measures: source.measures })));
  return {
    records: await labelled(run, records), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size),
    totals: totalsRow(of(totalsKind)[0], read), chart: await chartSeries(run, chartRaw),
  };
}

/** Compares two group values: ids (digits) as numbers, as SQL orders the bigint; other text as text. */
function compareValues(x: string, y: string): number {
  if (/^-?\d+$/.test(x) && /^-?\d+$/.test(y)) { const a = BigInt(x); const b = BigInt(y); return a < b ? -1 : a > b ? 1 : 0; }
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The report's order over raw grouped rows (dimensions by their text, measures by value, nulls last), as `orderTerms` orders in SQL. */
const compareRaw = (spec: ReportSpec) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  for (const entry of spec.order) {
    const key = entry.replace(/^-/, '');
    const isDim = spec.dims.some((d) => d.key === key);
    const x = a[isDim ? dimAlias(key) : measureAlias(key)];
    const y = b[isDim ? dimAlias(key) : measureAlias(key)];
    const xNull = x === null || x === undefined;
    const yNull = y === null || y === undefined;
    if (xNull || yNull) { if (xNull && yNull) continue; return xNull ? 1 : -1; }
    const c = isDim ? compareValues(String(x), String(y)) : Math.sign(Number(x) - Number(y));
    if (c !== 0) return entry.startsWith('-') ? -c : c;
  }
  return 0;
};

/**
 * A report by team leader with a count of distinct workers, where the wage summaries answer it
 * (`workerCounts`): the sums by leader (and their totals) from the monthly summary and the workers
 * from the pair summary, two statements side by side, merged on the leader (~1,700 rows here);
 * ordered and paged as `onePass` does in SQL. Undefined where the summaries do not apply.
 */
async function workerCountedRows(run: ReportRun): Promise<{ detail: Record<string, unknown>[]; totals: Record<string, unknown> | undefined } | undefined> {
  const { services, spec } = run;
  const source = spec.sources[0];
  const dims = dimKeys(spec);
  const counts = await workerCounts({ ...run, source }, dims);
  if (!counts) return undefined;
  const distinct = source.measures.find((m) => m.agg === 'countDistinct')!;
  const sumsSource: ReportSource = { ...source, measures: source.measures.filter((m) => m !== distinct) };
  const { query, kind } = await groupingSets({ ...run, source: sumsSource }, { dims, sets: [dims, []] });
  const [sums, workers] = await Promise.all([execute(services, { query }), execute(services, { query: counts })]);
  const byLeader = new Map(workers.filter((w) => Number(w.k__) === 0).map((w) => [String(w.team_leader_id), w.workers]));
  const all = workers.find((w) => Number(w.k__) === 1)?.workers ?? 0;
  const withWorkers = (r: Record<string, unknown>, n: unknown) => ({ ...r, [measureAlias(distinct.key)]: n });
  const detail = sums.filter((r) => Number(r.k__) === kind(dims)).map((r) => withWorkers(r, byLeader.get(String(r[dimAlias(dims[0])])) ?? 0)).sort(compareRaw(spec));
  const totals = sums.find((r) => Number(r.k__) === kind([]));
  return { detail, totals: totals && withWorkers(totals, all) };
}

async function withWorkerCounts(run: ReportRun, page: Page): Promise<ReportAnswer | undefined> {
  const { spec } = run;
  const counted = await workerCountedRows(run);
  if (!counted) return undefined;
  const source = spec.sources[0];
  const dims = dimKeys(spec);
  const total = counted.detail.length;
  const offset = (page.current - 1) * page.size;
  const records = counted.detail.slice(offset, offset + page.size).map((r) => complete(spec, toRow(r, { spec, dims, measures: source.measures })));
  const chartRaw = counted.detail.map((r) => complete(spec, toRow(r, { spec, dims: [spec.chart.by], measures: source.measures })));
  return {
    records: await labelled(run, records), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size),
    totals: totalsRow(counted.totals, { spec, source }), chart: await chartSeries(run, chartRaw),
  };
}

/**
 * A report with about as many groups as facts (the wage sheet: a row per worker, month and
 * item). The page is read in group order with LIMIT (an index keyed like the groups stops
 * after the page); the chart's groups, the totals and the number of groups come from one
 * more statement that streams the groups in index order instead of hashing them all.
 */
async function manyGroups(run: ReportRun, page: Page): Promise<ReportAnswer> {
  const { services, spec } = run;
  const source = spec.sources[0];
  const read: SourceRead = { ...run, source };
  const dims = dimKeys(spec);
  const pageQuery = (await grouped(read, { dims, ordered: true })).limit(page.size).offset((page.current - 1) * page.size);
  const { query: setsQuery, kind } = await groupingSets(read, { dims, sets: [[spec.chart.by], []], countGroups: true });
  const [rows, sets] = await Promise.all([execute(services, { query: pageQuery }), execute(services, { query: setsQuery, streamGroups: true })]);
  const totalsRaw = sets.find((r) => Number(r.k__) === kind([]));
  const total = Number(totalsRaw?.n__ ?? 0);
  const chartRaw = sets.filter((r) => Number(r.k__) === kind([spec.chart.by])).map((r) => complete(spec, toRow(r, { spec, dims: [spec.chart.by], measures: source.measures })));
  const records = rows.map((r) => complete(spec, toRow(r, { spec, dims, measures: source.measures })));
  return {
    records: await labelled(run, records), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size),
    totals: totalsRow(totalsRaw, read), chart: await chartSeries(run, chartRaw),
  };
}

/** Orders the chart's groups and folds the smallest slices into "other". */
async function chartSeries(scope: LabelScope, grouped: ReportRow[]): Promise<ReportRow[]> {
  const { spec } = scope;
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
  return labelled(scope, rows);
}

/** What labelling reads: the report's dimensions, the caller's tenant, and the database (the app's own unless given). */
export interface LabelScope { services: AppServices; spec: ReportSpec; ctx: RequestContext; db?: Db }

/** Adds `<dim>Name` labels: looked-up names (deleted rows still name their figures) and dictionary values. */
export async function labelled(scope: LabelScope, rows: ReportRow[]): Promise<ReportRow[]> {
  const { services, spec, ctx, db = services.system.repo.db } = scope;
  for (const dim of spec.dims) {
    const ids = [...new Set(rows.map((r) => r[dim.key]).filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (dim.lookup && ids.length) {
      const model = services.model(dim.lookup.model);
      const names = await db.selectFrom(model.table).select(['id', column(model, dim.lookup.field)])
        .where('tenant_id', '=', ctx.tenantId).where('id', 'in', ids).execute();
      const byId = new Map(names.map((n) => [String(n.id), String(n[column(model, dim.lookup!.field)])]));
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = byId.get(String(r[dim.key])) ?? null;
    } else if (dim.dict) {
      const labels = await dictLabels(services, { code: dim.dict, db });
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = labels.get(String(r[dim.key])) ?? (r[dim.key] as string | null);
    } else if (!dim.lookup) {
      for (const r of rows) if (r[dim.key] !== undefined) r[`${dim.key}Name`] = r[dim.key];
    }
  }
  return rows;
}

async function dictLabels(services: AppServices, { code, db }: { code: string; db: Db }): Promise<Map<string, string>> {
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
export async function forEachBatch(run: ReportRun, { batchSize, onBatch }: { batchSize: number; onBatch: (rows: ReportRow[]) => Promise<void> }): Promise<void> {
  const { services, spec } = run;
  const dims = dimKeys(spec);
  if (spec.sources.length > 1) {
    const all = (await mergedRows(run, dims)).sort(compareRows(spec));
    for (let i = 0; i < all.length; i += batchSize) await onBatch(await labelled(run, all.slice(i, i + batchSize)));
    return;
  }
  const source = spec.sources[0];
  const compiled = (await grouped({ ...run, source }, { dims, ordered: true })).compile();
  const database = { db: services.system.repo.db, kind: services.system.database.kind };
  await forEachCursorBatch(database, compiled, batchSize, async (fetched) => {
    // The driver's rows are mapped and dropped at once: only the report rows live on while the batch is written.
    const rows = fetched.splice(0).map((r) => complete(spec, toRow(r, { spec, dims, measures: source.measures })));
    await onBatch(await labelled(run, rows));
  }, { prepare: (trx) => sessionSettings(trx, { streamGroups: spec.manyGroups }) });
}

/** Totals of the whole report (the export's last row). */
export async function reportTotals(run: ReportRun): Promise<ReportRow> {
  const { services, spec } = run;
  if (spec.sources.length > 1) return totalsOf(spec, await mergedRows(run, dimKeys(spec)));
  const source = spec.sources[0];
  const counted = await workerCountedRows(run);
  if (counted) return totalsRow(counted.totals, { spec, source });
  const [row] = await execute(services, { query: await grouped({ ...run, source }, { dims: [] }) });
  const totals = complete(spec, toRow(row ?? {}, { spec, dims: [], measures: source.measures }));
  for (const c of spec.measures) if (c.format === 'date') totals[c.key] = null;
  return totals;
}

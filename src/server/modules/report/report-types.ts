import type { RawBuilder } from 'kysely';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';

/** zh / en text. */
export interface LocalText { zh: string; en: string }

/** Filters a report may accept (JSON body keys, or query parameters for incomeAndExpenseInfo). */
export type FilterKey = 'startDate' | 'endDate' | 'year' | 'itemId' | 'teamLeaderId' | 'workerId' | 'category' | 'carId' | 'customerId' | 'salesman';

/** How a column's values are shown and written to Excel. */
export type ValueFormat = 'text' | 'date' | 'money' | 'number' | 'integer' | 'percent';

/** A grouping column. `month` groups a date field by yyyy-MM; `year` by the year. */
export interface Dimension {
  key: string;
  label: LocalText;
  /** Labels of ids: the label field of another entity, read after grouping. */
  lookup?: { model: string; field: string };
  /** Labels of dictionary keys. */
  dict?: string;
}

/** How one source feeds a dimension: a field, or a field grouped by month / year. */
export type DimensionSource = string | { month: string } | { year: string };

/** An aggregate of one source, written as a server-side expression: never text from the client. */
export interface SourceMeasure {
  key: string;
  agg: 'sum' | 'count' | 'countDistinct' | 'max';
  /** Field name (sum, countDistinct, max); absent for count. */
  field?: string;
  /** A computed per-row value instead of a field (depreciation). Receives the filters. */
  expression?: (filters: ReportFilters) => RawBuilder<unknown>;
}

/** One fact entity the report reads. */
export interface ReportSource {
  /** Model key, e.g. manage/wage. Its data scope applies. */
  fact: string;
  /** Field the date range applies to. */
  date?: string;
  /** Stock, not flow: only the end of the range applies (assets held on that day). */
  asOf?: boolean;
  /** Integer year field the year filter applies to (else the year of `date`). */
  year?: string;
  /** Which field each accepted filter limits. A filter a source does not name leaves it whole. */
  filters: Partial<Record<FilterKey, string>>;
  dims: Record<string, DimensionSource>;
  measures: SourceMeasure[];
  /** Fixed predicates: the field must not be null. */
  notNull?: string[];
}

/** A column of the answer beyond the dimensions. */
export interface MeasureColumn {
  key: string;
  label: LocalText;
  format: ValueFormat;
  /** Computed from the row's other measures (rows and totals alike). */
  derive?: (row: Record<string, number>) => number;
  /** Not summed into the totals row (a count of distinct workers, a date). */
  noTotal?: boolean;
}

export interface ChartSpec {
  kind: 'line' | 'bar' | 'pie';
  /** Dimension on the x axis (or pie slices). */
  by: string;
  measures: string[];
  /** Stack the series (bar). */
  stack?: boolean;
  /** Slices or bars beyond this are folded into 其他 / Other. */
  top?: number;
}

export interface ReportSpec {
  name: string;
  label: LocalText;
  /** Menu sort under 报表管理. */
  sort: number;
  dims: Dimension[];
  /** Extra dimensions only the chart groups by (e.g. month for a trend). */
  chartDims?: Dimension[];
  measures: MeasureColumn[];
  sources: ReportSource[];
  filters: FilterKey[];
  /** The screen's first range up to today: this month, the last 12 months (a trend of monthly rows), or this year (default). */
  defaultRange?: 'month' | 'twelveMonths' | 'year';
  /**
   * Groups about as many as the facts (a wage sheet row per worker, month and item): the page
   * is read with LIMIT (a top-N sort) instead of the one-pass GROUPING SETS query, which
   * numbers every group.
   */
  manyGroups?: boolean;
  /** The year filter replaces the date range (sale targets). */
  byYear?: boolean;
  chart: ChartSpec;
  /** Order of rows: dimension or measure keys, `-` for descending. */
  order: string[];
}

/** Filters after checking: dates as yyyy-MM-dd, ids as text. */
export interface ReportFilters {
  startDate?: string;
  endDate?: string;
  year?: number;
  itemId?: string;
  teamLeaderId?: string;
  workerId?: string;
  category?: string;
  carId?: string;
  customerId?: string;
  salesman?: string;
}

/** One run of a report: the app's services, the report, its checked filters and the caller. */
export interface ReportRun { services: AppServices; spec: ReportSpec; filters: ReportFilters; ctx: RequestContext }

/** A run's read of one of its sources. */
export interface SourceRead extends ReportRun { source: ReportSource }

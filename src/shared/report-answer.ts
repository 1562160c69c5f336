/** One row of a report: its group keys and measures. */
export type ReportRow = Record<string, string | number | null>;

/** What POST blade-manage/report/<name> answers: a page of groups, the totals and the chart's series. */
export interface ReportAnswer {
  records: ReportRow[];
  total: number;
  current: number;
  size: number;
  pages: number;
  totals: ReportRow;
  chart: ReportRow[];
}

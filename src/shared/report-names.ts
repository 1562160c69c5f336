/** The business reports (spec §7), in menu order: POST blade-manage/report/<name>. */
export const REPORT_NAMES = [
  'workerWages', 'teamLeaderWages', 'itemExpenseInfo', 'monthExpenseInfo', 'incomeAndExpenseInfo',
  'carInfo', 'assetInfo', 'itemTotal', 'saleTarget', 'customInfo',
] as const;

export type ReportName = (typeof REPORT_NAMES)[number];

/** Menu path of a report's screen; the console serves it at `<path>/index`. */
export const reportMenuPath = (name: string) => `/report/${name}`;

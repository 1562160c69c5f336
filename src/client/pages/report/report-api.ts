import { request } from '../../api/http';
import { downloadFile } from '../../api/download';
import type { ReportAnswer } from '../../../shared/report-answer';

export interface LocalText { zh: string; en: string }
export type ValueFormat = 'text' | 'date' | 'money' | 'number' | 'integer' | 'percent';
export type FilterKey = 'startDate' | 'endDate' | 'year' | 'itemId' | 'teamLeaderId' | 'workerId' | 'category' | 'carId' | 'customerId' | 'salesman';

export interface ReportDefinition {
  name: string;
  label: LocalText;
  filters: FilterKey[];
  chart: { kind: 'line' | 'bar' | 'pie'; by: string; measures: string[]; stack?: boolean };
  dims: { key: string; label: LocalText }[];
  measures: { key: string; label: LocalText; format: ValueFormat }[];
  categoryDict?: string;
  defaultRange: 'month' | 'twelveMonths' | 'year';
}

export type { ReportAnswer, ReportRow } from '../../../shared/report-answer';

export type ReportFilters = Partial<Record<FilterKey, string>>;

let definitions: Promise<ReportDefinition[]> | undefined;

/** The reports' definitions, read once per page load. */
export function reportDefinitions(): Promise<ReportDefinition[]> {
  definitions ??= request<ReportDefinition[]>({ url: '/blade-manage/report/definition' }).catch((error) => {
    definitions = undefined;
    throw error;
  });
  return definitions;
}

const onlyGiven = (filters: ReportFilters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export function runReport(name: string, filters: ReportFilters, page: { current: number; size: number }): Promise<ReportAnswer> {
  return request<ReportAnswer>({ method: 'POST', url: `/blade-manage/report/${name}`, data: { ...onlyGiven(filters), ...page } });
}

export function exportReport(name: string, filters: ReportFilters, fallbackName: string): Promise<void> {
  return downloadFile({ url: `/blade-manage/report/${name}Export`, data: onlyGiven(filters), fallbackName });
}

export interface ItemOption { id: string; itemName: string; itemCode: string }

export function itemsByName(name: string): Promise<ItemOption[]> {
  return request<ItemOption[]>({ url: '/blade-manage/iteminfo/listByName', params: { name }, silent: true });
}

/** Rows of a `select` endpoint (workers, cars, customers) or a dictionary, as value/label. */
export async function filterOptions(url: string, labelKey: string, valueKey: string): Promise<{ value: string; label: string }[]> {
  const rows = await request<Record<string, unknown>[]>({ url, silent: true });
  return rows.map((r) => ({ value: String(r[valueKey]), label: String(r[labelKey]) }));
}

import type { Lang } from '../../../shared/schema/entity-model.js';
import { isIdText } from '../../engine/input-rules.js';
import { reportError } from './report-messages.js';
import type { FilterKey, ReportFilters, ReportSpec } from './report-types.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A longer range is refused: no screen needs it and it would scan every row for nothing. */
const MAX_RANGE_YEARS = 20;
const MAX_TEXT = 64;
export const MAX_PAGE_SIZE = 1000;

const ID_FILTERS: Partial<Record<FilterKey, { zh: string; en: string }>> = {
  itemId: { zh: '项目', en: 'item' },
  teamLeaderId: { zh: '班组长', en: 'team leader' },
  workerId: { zh: '工人', en: 'worker' },
  carId: { zh: '车辆', en: 'car' },
  customerId: { zh: '客户', en: 'customer' },
  category: { zh: '类别', en: 'category' },
};

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** '' / null / undefined mean "no filter", as the console's empty fields send them. */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Checks the filters a report accepts (others are ignored) and answers them typed.
 * Anything malformed — a non-date, an inverted range, an id that is not one — is a 400
 * in the caller's language, before any query runs.
 */
export function parseFilters(spec: ReportSpec, { input, lang }: { input: Record<string, unknown>; lang: Lang }): ReportFilters {
  const out: ReportFilters = {};
  for (const key of spec.filters) {
    const raw = input[key];
    if (!given(raw)) continue;
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
    if (key === 'startDate' || key === 'endDate') {
      const date = text?.slice(0, 10);
      if (!text || !date || !isRealDate(date) || (text.length > 10 && !/^[ T]\d{2}:\d{2}(:\d{2})?$/.test(text.slice(10)))) {
        throw reportError('badDate', { label: lang === 'zh' ? (key === 'startDate' ? '开始日期' : '结束日期') : key === 'startDate' ? 'start date' : 'end date' });
      }
      out[key] = date;
    } else if (key === 'year') {
      const year = Number(text);
      if (!text || !/^\d{4}$/.test(text) || year < 2000 || year > 2100) throw reportError('badYear');
      out.year = year;
    } else if (key === 'salesman') {
      if (text === undefined || text.length > MAX_TEXT) throw reportError('badText', { label: lang === 'zh' ? '销售员' : 'salesperson', max: MAX_TEXT });
      out.salesman = text;
    } else {
      const label = ID_FILTERS[key]!;
      if (!text || !isIdText(text)) throw reportError('badId', { label: label[lang] });
      out[key] = text;
    }
  }
  if (out.startDate && out.endDate) {
    if (out.startDate > out.endDate) throw reportError('invertedRange');
    if (Number(out.endDate.slice(0, 4)) - Number(out.startDate.slice(0, 4)) > MAX_RANGE_YEARS) throw reportError('rangeTooLong', { years: MAX_RANGE_YEARS });
  }
  return out;
}

/** current / size of a screen's page; the export reads every row. */
export function parsePage(input: Record<string, unknown>): { current: number; size: number } {
  const current = given(input.current) ? Number(input.current) : 1;
  const size = given(input.size) ? Number(input.size) : 20;
  if (!Number.isInteger(current) || current < 1 || current > 1_000_000 || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw reportError('badPage');
  }
  return { current, size };
}

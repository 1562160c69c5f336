import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** The server's (and the spec's) formats: yyyy-MM-dd HH:mm:ss, and yyyy-MM-dd for dates. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export function dateFormatOf(isDate: boolean): string {
  return isDate ? DATE_FORMAT : DATE_TIME_FORMAT;
}

/** A server value ('YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD') → a picker value; anything else → null. */
export function parseDateText(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = dayjs(value.trim(), ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD'], true);
  return parsed.isValid() ? parsed : null;
}

/** A picker value → the server's text; empty or half-typed (invalid) → ''. Never "Invalid Date". */
export function formatDateText(value: Dayjs | null, isDate: boolean): string {
  if (!value || !value.isValid()) return '';
  return value.format(dateFormatOf(isDate));
}

/** An ISO 8601 instant (a job's times) → yyyy-MM-dd HH:mm:ss in the browser's time zone; anything else as it came. */
export function localDateTime(instant: string): string {
  const parsed = dayjs(instant);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : instant;
}

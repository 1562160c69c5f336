import { badRequest } from '../../shared/errors.js';

/** Largest bigint (int8), the type of every id column. */
const MAX_ID = 9223372036854775807n;
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** A filter value longer than this is refused: no stored text is that long. */
export const MAX_FILTER_LENGTH = 1000;
/** A page number beyond this is refused; (current - 1) × size stays a safe integer offset. */
export const MAX_PAGE_NUMBER = 10_000_000;

export const invalidParam = (name: string) => badRequest('request.paramInvalid', { name });

/** A decimal id that fits the bigint columns (`0` is the trees' root). */
export function isIdText(text: string, opts: { negative?: boolean } = {}): boolean {
  const pattern = opts.negative ? /^-?\d{1,19}$/ : /^\d{1,19}$/;
  if (!pattern.test(text)) return false;
  // Eighteen digits or fewer always fit (the detail of every generated id asks this): no BigInt.
  if (text.length <= (text.startsWith('-') ? 19 : 18)) return true;
  const n = BigInt(text);
  return n <= MAX_ID && n >= -MAX_ID;
}

/** A whole number in PostgreSQL's `integer` range. */
export function isInt4Text(text: string): boolean {
  if (!/^-?\d{1,10}$/.test(text)) return false;
  const n = Number(text);
  return n >= INT4_MIN && n <= INT4_MAX;
}

export function isInt4(value: number): boolean {
  return Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;
}

/** A plain decimal (no exponent, no Infinity): what a `numeric` column accepts as typed. */
export function isDecimalText(text: string): boolean {
  return text.length <= 40 && /^-?\d+(\.\d+)?$/.test(text);
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `yyyy-MM-dd[ HH:mm[:ss]]` naming a real calendar day and time (2024-02-30 is not one). */
export function isDateText(text: string): boolean {
  const m = DATE_TEXT.exec(text);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).filter((v) => v !== undefined).map(Number);
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
}

/**
 * One query value as text: a repeated key (an array) or a nested object is refused,
 * and so is a value longer than `max`.
 */
export function singleText(name: string, raw: unknown, max = MAX_FILTER_LENGTH): string {
  if (Array.isArray(raw)) throw badRequest('request.paramSingle', { name });
  if (raw !== null && typeof raw === 'object') throw invalidParam(name);
  const text = String(raw);
  if (text.length > max) throw badRequest('request.paramTooLong', { name, max });
  return text;
}

import { sentKeys } from '../../engine/ids.js';
import { flowError } from './flow-messages.js';

const MAX_ID = 9223372036854775807n;

/** A bigint id: digits only, within PostgreSQL's bigint. */
export function isId(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_ID;
}

export interface PageRequest { current: number; size: number; offset: number }

export interface Page<T> { records: T[]; total: number; size: number; current: number; pages: number }

/** A list's filter and the page asked for. */
export interface PagedQuery<F> { filter: F; page: PageRequest }

export function pageAnswer<T>(req: PageRequest, found: { records: T[]; total: number }): Page<T> {
  const { records, total } = found;
  return { records, total, size: req.size, current: req.current, pages: Math.ceil(total / req.size) };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** A request's parameters (query and form fields) read as the workflow contract types them; a malformed one is a 400 naming it. */
export class FlowParams {
  constructor(readonly raw: Record<string, string | undefined>) {}

  /** `current`/`size` as BladeX pages them (defaults 1 and 10, size at most 500). */
  page(): PageRequest {
    const current = this.pageNumber('current', { fallback: 1, max: 1_000_000 });
    const size = this.pageNumber('size', { fallback: 10, max: 500 });
    return { current, size, offset: (current - 1) * size };
  }

  private pageNumber(name: string, limits: { fallback: number; max: number }): number {
    const raw = this.raw[name];
    if (raw === undefined || raw === '') return limits.fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > limits.max) throw flowError('invalid', { name });
    return Number(raw);
  }

  required(name: string, max = 255): string {
    const value = (this.raw[name] ?? '').trim();
    if (!value) throw flowError('missing', { name });
    if (value.length > max) throw flowError('invalid', { name });
    return value;
  }

  optional(name: string, max = 255): string | undefined {
    const value = (this.raw[name] ?? '').trim();
    if (!value) return undefined;
    if (value.length > max) throw flowError('invalid', { name });
    return value;
  }

  /** A snowflake id parameter (digits only). */
  id(name: string): string {
    const value = this.required(name, 20);
    if (!isId(value)) throw flowError('invalid', { name });
    return value;
  }

  /** Comma-joined ids, at most the engine's cap per call (engine/ids.ts). */
  ids(name: string): string[] {
    const ids = sentKeys(this.raw[name], name);
    if (ids.length === 0) throw flowError('missing', { name });
    if (ids.some((id) => !isId(id))) throw flowError('invalid', { name });
    return ids;
  }

  /** `yyyy-MM-dd HH:mm:ss` (or a date; `endOfDay` makes a date-only bound inclusive). */
  dateTime(name: string, endOfDay = false): string | undefined {
    const raw = (this.raw[name] ?? '').trim();
    if (!raw) return undefined;
    const m = DATE_TIME.exec(raw);
    if (!m) throw flowError('invalid', { name });
    const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
    if (date.getUTCMonth() !== +m[2] - 1 || date.getUTCDate() !== +m[3] || +(m[4] ?? 0) > 23 || +(m[5] ?? 0) > 59 || +(m[6] ?? 0) > 59) throw flowError('invalid', { name });
    return m[4] === undefined ? `${raw} ${endOfDay ? '23:59:59' : '00:00:00'}` : raw;
  }

  /** `category` as the console sends it: `flow_<dictKey>`. */
  category(name = 'category'): string | undefined {
    const value = this.optional(name, 64);
    if (value !== undefined && !/^flow_[A-Za-z0-9_-]{1,58}$/.test(value)) throw flowError('categoryUnknown', { category: value });
    return value;
  }
}

/** Milliseconds of a checked `yyyy-MM-dd HH:mm:ss` text, read as UTC (only differences are used). */
export function epochOf(text: string): number {
  const m = DATE_TIME.exec(text)!;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}

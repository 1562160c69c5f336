import { badRequest } from '../../shared/errors.js';
import { isIdText } from './input-rules.js';

/*
 * Ids travel as decimal text (64-bit snowflakes do not fit a JS number) and often several
 * at once, comma-joined: in request parameters (`ids=1,2`) and in columns (user roleId).
 * Every module reads them through these helpers.
 */

/** A decimal id that fits the bigint columns. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && isIdText(value);
}

/** Comma-joined keys → distinct keys, trimmed, empties dropped; no check of their form. */
export function splitKeys(raw: unknown): string[] {
  return [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Ids stored comma-joined in a column (user roleId, deptId, package menuId); junk is skipped. */
export function storedIds(raw: unknown): string[] {
  return splitKeys(raw).filter(isId);
}

/** Ids sent by a client (JSON array or comma-joined text); absent = none, anything but ids is a 400 naming `name`. */
export function idList(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = items.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '?')).filter(Boolean);
  if (!ids.every(isId)) throw badRequest('request.paramInvalid', { name });
  return [...new Set(ids)];
}

import { badRequest } from '../../shared/errors.js';
import { isIdText } from './input-rules.js';

/*
 * Ids travel as decimal text (64-bit snowflakes do not fit a JS number) and often several
 * at once, comma-joined: in request parameters (`ids=1,2`) and in columns (user roleId).
 * Every module reads them through these helpers.
 */

/**
 * At most this many keys per call (remove, actions, grants, bulk changes). One statement
 * binds each key as a parameter, and PostgreSQL takes at most 65,535; the console never
 * sends more than a page or a grant tree's ticks, far below this.
 */
export const MAX_KEYS_PER_CALL = 1000;

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

/**
 * Keys sent by a client in `name` (JSON array or comma-joined text) → distinct keys,
 * trimmed, empties dropped; absent = none. More than MAX_KEYS_PER_CALL is a 400 naming
 * `name` and the cap; a value that is neither text nor number reads as `?` (no key).
 */
export function sentKeys(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : String(raw).split(',');
  const keys = new Set(items.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '?')).filter(Boolean));
  if (keys.size > MAX_KEYS_PER_CALL) throw badRequest('request.tooManyKeys', { name, max: MAX_KEYS_PER_CALL });
  return [...keys];
}

/** Ids sent by a client, as sentKeys reads them; anything but ids is a 400 naming `name`. */
export function idList(raw: unknown, name: string): string[] {
  const ids = sentKeys(raw, name);
  if (!ids.every(isId)) throw badRequest('request.paramInvalid', { name });
  return ids;
}

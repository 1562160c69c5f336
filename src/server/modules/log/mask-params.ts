/**
 * Request parameters as stored in a log row: secrets masked (by key, case-insensitive,
 * at any depth, and inside URL values), uploads summarized instead of stored, and
 * everything bounded in size.
 */

import { maskUrl } from './mask-url.js';
import { isSecretKey, MASK } from './secret-keys.js';

export { isSecretKey, MASK } from './secret-keys.js';

/** Header-style credentials wherever they appear as a value. */
const CREDENTIAL_VALUE = /^\s*(bearer|basic)\s+\S+/i;

const MAX_DEPTH = 6;
const MAX_ITEMS = 50;
const MAX_KEYS = 100;
const MAX_STRING = 1000;
/** Bound of the stored text as a whole. */
export const MAX_PARAMS_CHARS = 8000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(+${text.length - max} chars)`;
}

/** A multipart part as @fastify/multipart attaches it to the body. */
function isFilePart(value: object): value is { filename: string; mimetype?: string; file?: { bytesRead?: number } } {
  return typeof (value as { filename?: unknown }).filename === 'string' && ('mimetype' in value || 'file' in value || 'toBuffer' in value);
}

function isStream(value: object): boolean {
  return typeof (value as { pipe?: unknown }).pipe === 'function';
}

function maskObject(value: object, depth: number): unknown {
  if (isFilePart(value)) return { file: value.filename, mimetype: value.mimetype ?? '', bytes: value.file?.bytesRead };
  if (isStream(value)) return '[stream]';
  if ((value as { type?: unknown }).type === 'field' && 'value' in value && 'fieldname' in value) {
    return maskValue((value as { value: unknown }).value, depth);
  }
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => maskValue(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(+${value.length - MAX_ITEMS} items)`] : items;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const key of keys.slice(0, MAX_KEYS)) out[key] = isSecretKey(key) ? MASK : maskValue((value as Record<string, unknown>)[key], depth + 1);
  if (keys.length > MAX_KEYS) out['…'] = `+${keys.length - MAX_KEYS} keys`;
  return out;
}

/** A copy of `value` fit for a log: secrets masked, files summarized, sizes bounded. */
export function maskValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  // A connection URL typed into a form keeps its user but not its password (user:pw@, ?password=).
  if (typeof value === 'string') return CREDENTIAL_VALUE.test(value) ? MASK : clip(maskUrl(value), MAX_STRING);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return `[binary ${value.byteLength} bytes]`;
  return maskObject(value, depth);
}

const isEmptyPart = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/**
 * The stored `params` text: JSON `{query, body}` with empty parts left out ('' when both are).
 * A multipart request whose body was streamed to a handler is noted, not read.
 */
export function paramsText(opts: { query: unknown; body: unknown; contentType?: string }): string {
  const parts: Record<string, unknown> = {};
  if (!isEmptyPart(opts.query)) parts.query = maskValue(opts.query);
  if (!isEmptyPart(opts.body)) parts.body = maskValue(opts.body);
  else if (opts.contentType?.startsWith('multipart/')) parts.body = '[multipart]';
  return Object.keys(parts).length ? clip(JSON.stringify(parts), MAX_PARAMS_CHARS) : '';
}

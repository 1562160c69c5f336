import { isEmpty } from '../is-empty.js';

/**
 * The record minus its empty values (the spec's emptiness rule), as both validators see
 * it: an empty optional field is simply absent, so no `pattern`, `format` or `minLength`
 * fires on it, while `required` still does.
 */
export function withoutEmptyValues(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!isEmpty(value)) out[key] = value;
  return out;
}

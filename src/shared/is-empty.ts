/**
 * The spec's emptiness rule: booleans and numbers are never empty; empty arrays,
 * empty objects, null, undefined and the empty string are.
 */
export function isEmpty(value: unknown): boolean {
  if (typeof value === 'boolean' || typeof value === 'number') return false;
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

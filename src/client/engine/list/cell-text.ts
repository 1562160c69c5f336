import type { FieldModel } from '../../../shared/schema/entity-model';

/** Text of a plain cell: rich text without its tags, anything else as it came (datetimes included). */
export function cellText(field: FieldModel | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field?.widget === 'richtext') return String(value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

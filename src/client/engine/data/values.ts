import type { FieldModel, FieldOptions } from '../../../shared/schema/entity-model';

/** JSON type a field's value is stored with (from its schema). */
export function jsonTypeOf(field: FieldModel | undefined): string {
  const t = field?.schema.type;
  return typeof t === 'string' ? t : 'string';
}

/**
 * A dictionary key (always a string) converted back to the field's JSON type, so a
 * numeric field (isSealed) gets 1, not "1".
 */
export function fromOptionKey(field: FieldModel | undefined, key: string): unknown {
  const type = jsonTypeOf(field);
  if ((type === 'integer' || type === 'number') && key.trim() !== '' && !Number.isNaN(Number(key))) {
    return Number(key);
  }
  if (type === 'boolean') return key === 'true' || key === '1';
  return key;
}

/** Values compare as strings: dictKey "1" matches field value 1. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return false;
  return String(a) === String(b);
}

/** The selected values of a multiple field: an array, or a string joined by `join`. */
export function splitValues(value: unknown, options?: Pick<FieldOptions, 'join'>): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  const sep = options?.join ?? ',';
  return String(value).split(sep).map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Selected values in the field's shape: joined by `join` when given (tenant package
 * menuId "1,2,3"), else an array; undefined when nothing is selected so `required` fires.
 */
export function joinValues(values: string[], options?: Pick<FieldOptions, 'join'>): unknown {
  if (values.length === 0) return undefined;
  return options?.join !== undefined ? values.join(options.join) : values;
}

/** Whether a switch value is on: 1, '1' or true. */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

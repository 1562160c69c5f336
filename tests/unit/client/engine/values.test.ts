import { describe, expect, it } from 'vitest';
import type { FieldModel } from '../../../../src/shared/schema/entity-model';
import {
  fromOptionKey,
  isOn,
  joinValues,
  sameValue,
  splitValues,
} from '../../../../src/client/engine/data/values';
import { asRowsResult, keyOf } from '../../../../src/client/engine/data/resource-api';
import { formatDateText, parseDateText } from '../../../../src/client/engine/form/widgets/date-text';
import dayjs from 'dayjs';

const fieldOfType = (type: string) => ({ schema: { type } }) as unknown as FieldModel;

describe('field values', () => {
  it('sends a dictionary key back with the field JSON type', () => {
    expect(fromOptionKey(fieldOfType('integer'), '1')).toBe(1);
    expect(fromOptionKey(fieldOfType('number'), '2.5')).toBe(2.5);
    expect(fromOptionKey(fieldOfType('string'), '1')).toBe('1');
    expect(fromOptionKey(fieldOfType('integer'), 'x')).toBe('x');
  });

  it('compares values as strings', () => {
    expect(sameValue(1, '1')).toBe(true);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue(undefined, undefined)).toBe(false);
  });

  it('splits and joins multiple values with the field separator', () => {
    expect(splitValues('1,2,3', { join: ',' })).toEqual(['1', '2', '3']);
    expect(splitValues(['1', 2])).toEqual(['1', '2']);
    expect(splitValues('')).toEqual([]);
    expect(joinValues(['1', '2'], { join: ',' })).toBe('1,2');
    expect(joinValues(['1', '2'], {})).toEqual(['1', '2']);
    expect(joinValues([], { join: ',' })).toBeUndefined();
  });

  it('reads picker text as the server sends it and writes empty or half-typed dates as empty', () => {
    expect(formatDateText(parseDateText('2024-05-06 07:08:09'), false)).toBe('2024-05-06 07:08:09');
    expect(formatDateText(parseDateText('2024-05-06 07:08'), false)).toBe('2024-05-06 07:08:00');
    expect(formatDateText(parseDateText('2024-05-06'), true)).toBe('2024-05-06');
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('2024-13-45 99:00:00')).toBeNull();
    expect(formatDateText(null, false)).toBe('');
    expect(formatDateText(dayjs('not a date'), false)).toBe('');
  });

  it('reads a switch as on for 1, "1" and true', () => {
    expect([1, '1', true, 0, '0', false, undefined].map(isOn)).toEqual([true, true, true, false, false, false, false]);
  });
});

describe('list answers', () => {
  it('reads a page and a tree alike', () => {
    expect(asRowsResult({ records: [{ id: '1' }], total: 11, size: 10, current: 1, pages: 2 })).toEqual({ rows: [{ id: '1' }], total: 11 });
    expect(asRowsResult([{ id: '1' }, { id: '2' }])).toEqual({ rows: [{ id: '1' }, { id: '2' }], total: 2 });
    expect(asRowsResult(null)).toEqual({ rows: [], total: 0 });
  });

  it('keys a row by the model primary key', () => {
    expect(keyOf({ primaryKey: 'code' } as never, { code: '11', id: 'x' })).toBe('11');
    expect(keyOf({ primaryKey: 'id' } as never, { id: '9' })).toBe('9');
  });
});

import { describe, expect, it } from 'vitest';
import { idList, isId, splitKeys, storedIds } from '../../../src/server/engine/ids.js';

describe('comma-joined ids', () => {
  it('a stored list keeps distinct ids and skips junk and ids beyond bigint', () => {
    expect(storedIds(' 12, 12,,abc,9223372036854775808,7 ')).toEqual(['12', '7']);
    expect(storedIds(null)).toEqual([]);
  });

  it('a request list refuses anything but ids with a 400 naming the parameter', () => {
    expect(idList('3,3, 4', 'menuIds')).toEqual(['3', '4']);
    expect(idList(['5', 6], 'menuIds')).toEqual(['5', '6']);
    expect(idList('', 'menuIds')).toEqual([]);
    expect(() => idList('1,x', 'menuIds')).toThrow(expect.objectContaining({ status: 400, text: { key: 'request.paramInvalid', params: { name: 'menuIds' } } }));
  });

  it('keys of any form are split without a check; a single id must be decimal text within bigint', () => {
    expect(splitKeys('a, b,,a')).toEqual(['a', 'b']);
    expect(isId('9223372036854775807')).toBe(true);
    expect(isId('1e3')).toBe(false);
    expect(isId(12)).toBe(false);
  });
});

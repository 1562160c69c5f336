import { describe, expect, it } from 'vitest';
import { MAX_KEYS_PER_CALL, idList, isId, sentKeys, splitKeys, storedIds } from '../../../src/server/engine/ids.js';

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

  it('a request list holds at most MAX_KEYS_PER_CALL distinct keys; past it, a 400 naming the parameter and the cap', () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
    expect(sentKeys(keys(MAX_KEYS_PER_CALL).join(','), 'ids')).toHaveLength(MAX_KEYS_PER_CALL);
    expect(sentKeys([...keys(MAX_KEYS_PER_CALL), 'k0', ' k1 '], 'ids')).toHaveLength(MAX_KEYS_PER_CALL);
    const tooMany = { status: 400, text: { key: 'request.tooManyKeys', params: { name: 'fileNames', max: MAX_KEYS_PER_CALL } } };
    expect(() => sentKeys(keys(MAX_KEYS_PER_CALL + 1), 'fileNames')).toThrow(expect.objectContaining(tooMany));
    expect(() => idList(Array.from({ length: 60_000 }, (_, i) => String(i + 1)), 'menuIds')).toThrow(expect.objectContaining({ text: { key: 'request.tooManyKeys', params: { name: 'menuIds', max: MAX_KEYS_PER_CALL } } }));
  });

  it('keys of any form are split without a check; a single id must be decimal text within bigint', () => {
    expect(splitKeys('a, b,,a')).toEqual(['a', 'b']);
    expect(isId('9223372036854775807')).toBe(true);
    expect(isId('1e3')).toBe(false);
    expect(isId(12)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMessage, messages, pickLang } from '../../../src/shared/i18n/messages.js';
import { isEmpty } from '../../../src/shared/is-empty.js';

describe('message catalogues', () => {
  it('hold the same keys in zh and en', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.zh).sort());
  });

  it('fill placeholders and pick the request language', () => {
    expect(formatMessage('en', 'param.missing', { name: 'id' })).toBe('missing required request parameter: id');
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('zh-CN')).toBe('zh');
    expect(pickLang(undefined)).toBe('zh');
  });
});

describe('isEmpty (spec §5 emptiness rule)', () => {
  it('never treats booleans and numbers as empty', () => {
    for (const v of [false, true, 0, -1, Number.NaN]) expect(isEmpty(v)).toBe(false);
  });
  it('treats empty arrays, objects, null, undefined and "" as empty', () => {
    for (const v of [[], {}, null, undefined, '']) expect(isEmpty(v)).toBe(true);
    for (const v of [[0], { a: 1 }, ' ', 'x']) expect(isEmpty(v)).toBe(false);
  });
});

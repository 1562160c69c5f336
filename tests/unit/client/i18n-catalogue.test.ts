import { describe, expect, it } from 'vitest';
import { en } from '../../../src/client/i18n/en';
import { zh } from '../../../src/client/i18n/zh';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('client catalogues', () => {
  it('hold the same keys in zh and en, each a non-empty text', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const catalogue of [zh, en]) {
      for (const key of keys(catalogue)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('carry the Saber login texts', () => {
    expect(zh.login.submit).toBe('登录');
    expect(zh.login.submitting).toBe('登录中,请稍后。。。');
    expect(zh.route.dashboard).toBe('首页');
  });
});

import { describe, expect, it } from 'vitest';
import { dictSeed } from '../../../src/server/seed/data/dicts.js';
import { menuSeed } from '../../../src/server/seed/data/menus.js';
import { orgSeed } from '../../../src/server/seed/data/org.js';
import { loadRegions } from '../../../src/server/seed/data/regions.js';

/** Dictionary codes of bladex-backend §8.2. */
const DICT_CODES = [
  'sex', 'notice', 'menu_category', 'button_func', 'yes_no', 'data_scope_type', 'api_scope_type',
  'post_category', 'region', 'flow', 'org_category', 'scope_category', 'oss', 'sms', 'user_type',
];

describe('dictionary seed', () => {
  it('has every dictionary of the reference and of the business data, each once', () => {
    const codes = dictSeed.map((d) => d.code);
    // Plus the business data's own (manage module, reports).
    expect([...codes].sort()).toEqual([...DICT_CODES, 'expense_category', 'asset_category'].sort());
  });

  it('gives every dictionary a title and unique, non-header keys', () => {
    for (const dict of dictSeed) {
      const keys = dict.entries.map((e) => e.key);
      expect(dict.title, dict.code).not.toBe('');
      expect(keys.length, dict.code).toBeGreaterThan(0);
      expect(new Set(keys).size, dict.code).toBe(keys.length);
      expect(keys, dict.code).not.toContain('-1');
    }
  });

  it('maps flow entries to their route keys through the remark', () => {
    const flow = dictSeed.find((d) => d.code === 'flow')!;
    expect(flow.entries.map((e) => e.remark)).toEqual(['leave', 'expense']);
  });
});

describe('menu and organisation seed', () => {
  it('lists top-level menus with unique codes and iconfont icons', () => {
    const codes = menuSeed.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['desk', 'base', 'authority', 'system']));
    for (const menu of menuSeed) expect(menu.source).toMatch(/^iconfont /);
  });

  it('seeds the management tenant, both clients and the administrator role', () => {
    expect(orgSeed.tenant.tenantId).toBe('000000');
    expect(orgSeed.clients.map((c) => c.clientId).sort()).toEqual(['saber', 'sword']);
    expect(orgSeed.roles.map((r) => r.roleAlias)).toContain('administrator');
    expect(orgSeed.posts).toHaveLength(8);
  });
});

describe('region seed', () => {
  const rows = loadRegions();
  const codes = new Set(rows.map((r) => r.code));

  it('has one country row at the root', () => {
    const countries = rows.filter((r) => r.regionLevel === 0);
    expect(countries).toHaveLength(1);
    expect(countries[0]).toMatchObject({ code: '00', parentCode: '0', ancestors: '0', name: '中华人民共和国' });
  });

  it('has the provinces under the country', () => {
    const provinces = rows.filter((r) => r.regionLevel === 1);
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces.length).toBeLessThanOrEqual(34);
    for (const p of provinces) expect(p.parentCode).toBe('00');
  });

  it('has unique codes, each parent present and ancestors ending at the parent', () => {
    expect(codes.size).toBe(rows.length);
    for (const row of rows.filter((r) => r.parentCode !== '0')) {
      expect(codes.has(row.parentCode), row.code).toBe(true);
      expect(row.ancestors.split(',').at(-1), row.code).toBe(row.parentCode);
    }
  });

  it('fills the province, city and district columns by level', () => {
    const district = rows.find((r) => r.regionLevel === 3)!;
    expect(district.provinceCode).toBe(district.code.slice(0, 2));
    expect(district.cityCode).toBe(district.parentCode);
    expect(district.districtCode).toBe(district.code);
    expect(district.provinceName).not.toBeNull();
    expect(district.cityName).not.toBeNull();
  });
});

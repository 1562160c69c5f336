import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
  for (const [i, name] of ['alpha', 'beta', 'gamma_x', 'delta%'].entries()) {
    await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: `flt-${name}`, paramKey: `flt.key.${i}`, paramValue: String(i) } });
  }
});
afterAll(() => t?.close());

const list = async (query: Record<string, string>) =>
  (await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers, query })).body;

describe('BladeX suffix filters', () => {
  it('treats a plain key as contains, and _equal / _notlike / _likeright as their operators', async () => {
    expect((await list({ paramName: 'flt-' })).data.total).toBe(4);
    expect((await list({ paramName_equal: 'flt-beta' })).data.records.map((r: any) => r.paramName)).toEqual(['flt-beta']);
    expect((await list({ paramName_like: 'flt-', paramName_notlike: 'a' })).data.total).toBe(0);
    expect((await list({ paramKey_likeright: 'flt.key.' })).data.total).toBe(4);
  });

  it('keeps two filters apart whose values spell the other one\'s cache key (a value holding the key\'s separators)', async () => {
    const spelled = { paramName: 'flt-|param_key:likeright:flt.key.1' };
    const real = { paramName: 'flt-', paramKey_likeright: 'flt.key.1' };
    for (let n = 0; n < 2; n++) {
      expect((await list(spelled)).data.total, 'no name holds the text').toBe(0);
      expect((await list(real)).data.records.map((r: any) => r.paramName), 'the two filters').toEqual(['flt-beta']);
    }
  });

  it('matches % and _ literally', async () => {
    expect((await list({ paramName: '%' })).data.records.map((r: any) => r.paramName)).toEqual(['flt-delta%']);
    expect((await list({ paramName: 'a_x' })).data.records.map((r: any) => r.paramName)).toEqual(['flt-gamma_x']);
  });

  it('filters create time by a date range and refuses a malformed date with 400', async () => {
    expect((await list({ paramName: 'flt-', createTime_dategt: '2000-01-01 00:00:00', createTime_datelt: '2999-01-01 00:00:00' })).data.total).toBe(4);
    expect((await list({ paramName: 'flt-', createTime_datelt: '2000-01-01 00:00:00' })).data.total).toBe(0);
    const bad = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers, query: { createTime_dategt: 'yesterday' } });
    expect(bad.status).toBe(400);
  });

  it('supports _null / _notnull and sorts by ascs / descs on declared columns only', async () => {
    expect((await list({ paramName: 'flt-', remark_null: '1' })).data.total).toBe(4);
    expect((await list({ paramName: 'flt-', remark_notnull: '1' })).data.total).toBe(0);
    const asc = (await list({ paramName: 'flt-', ascs: 'paramName' })).data.records.map((r: any) => r.paramName);
    expect(asc).toEqual([...asc].sort());
    const desc = (await list({ paramName: 'flt-', descs: 'param_name' })).data.records.map((r: any) => r.paramName);
    expect(desc).toEqual([...asc].reverse());
  });
});

describe('exact totals', () => {
  it('change at once after an insert and a remove', async () => {
    const before = (await list({})).data.total;
    const created = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: 'cnt', paramKey: 'cnt.key', paramValue: '1' } });
    expect((await list({})).data.total).toBe(before + 1);
    await t.call({ method: 'POST', url: '/api/blade-system/param/remove', headers, query: { ids: created.body.data.id } });
    expect((await list({})).data.total).toBe(before);
  });

  it('pages deep into a list (past the index-first threshold) with the same rows as a plain offset', async () => {
    const model = t.services.model('system/param');
    const rows = Array.from({ length: 800 }, (_, i) => ({
      id: String(9_000_000_000_000 + i), param_name: `deep-${String(i).padStart(4, '0')}`, param_key: `deep.${i}`, param_value: 'v', status: 1, is_deleted: 0,
    }));
    await t.services.system.repo.db.insertInto(model.table).values(rows).execute();
    await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: 'bump', paramKey: 'bump', paramValue: 'v' } });
    const all: string[] = [];
    for (let current = 1; current <= 4; current++) {
      all.push(...(await list({ paramName: 'deep-', size: '200', current: String(current) })).data.records.map((r: any) => r.id));
    }
    expect(new Set(all).size).toBe(800);
    const deep = (await list({ paramName: 'deep-', size: '10', current: '61' })).data;
    expect(deep.records.map((r: any) => r.id)).toEqual(all.slice(600, 610));
    expect(deep.total).toBe(800);
    const byName = (await list({ paramName: 'deep-', size: '10', current: '70', ascs: 'paramName' })).data.records.map((r: any) => r.paramName);
    expect(byName[0]).toBe('deep-0690');
  });
});

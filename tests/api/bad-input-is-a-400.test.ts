import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Input a user can type (or a client can send) that PostgreSQL or the engine cannot take
 * is a 400 in the {code, success, data, msg} envelope whose message names the parameter,
 * in Chinese by default and in English with Accept-Language: en; never a 500.
 */
let t: TestApp;
let headers: Record<string, string>;
let paramId: string;
let deptId: string;

const PARAM = '/api/blade-system/param';

/** The same call in both languages. */
async function bothLanguages(opts: { method?: 'GET' | 'POST'; url: string; query?: Record<string, string | string[]>; payload?: unknown }) {
  const call = (lang?: string) => t.call({
    method: opts.method ?? 'GET', url: opts.url, query: opts.query, payload: opts.payload as any,
    headers: lang ? { ...headers, 'accept-language': lang } : headers,
  });
  return { zh: await call(), en: await call('en') };
}

/** Both answers are a 400 envelope whose message names `name` (and matches the zh/en texts). */
function expectRefusal(res: Awaited<ReturnType<typeof bothLanguages>>, name: string, texts: { zh: RegExp; en: RegExp }) {
  for (const lang of ['zh', 'en'] as const) {
    const { status, body } = res[lang];
    expect(status, `${lang}: ${JSON.stringify(body)}`).toBe(400);
    expect(body).toMatchObject({ code: 400, success: false });
    expect(body.msg, lang).toContain(name);
    expect(body.msg, lang).toMatch(texts[lang]);
  }
}

const INVALID = { zh: /的值不正确/, en: /invalid value/ };

beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
  paramId = (await t.call({ method: 'POST', url: `${PARAM}/submit`, headers, payload: { paramName: 'bad-input', paramKey: 'bad.input', paramValue: '1' } })).body.data.id;
  deptId = (await t.call({ method: 'POST', url: '/api/blade-system/dept/submit', headers, payload: { deptName: 'bad-input', fullName: 'bad-input', sort: 1, deptCategory: 1 } })).body.data.id;
});
afterAll(() => t?.close());

describe('a date filter', () => {
  it('refuses a value that is no calendar date, naming the field, and takes real ones', async () => {
    for (const value of ['yesterday', '2024-13-45', '2024-02-30', '0000-01-01', '2024-01-01 25:00:00']) {
      expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { createTime_dategt: value } }), 'createTime', INVALID);
    }
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { createTime_equal: 'soon' } }), 'createTime', INVALID);
    for (const value of ['2024-02-29', '2024-02-29 23:59:59', '2024-02-29 23:59']) {
      expect((await t.call({ method: 'GET', url: `${PARAM}/list`, headers, query: { createTime_dategt: value } })).status, value).toBe(200);
    }
  });

  it('refuses a date operator on a number or text column, naming the field', async () => {
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { status_datelt: '2020-01-01' } }), 'status', INVALID);
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { paramName_dateequal: '2020-01-01' } }), 'paramName', INVALID);
  });
});

describe('page numbers and sizes', () => {
  it('refuses a page number that is no whole number from 1 to 10,000,000, naming current (a page past the last one is empty)', async () => {
    for (const current of ['1e30', '-1', '0', 'abc', '1.5', '0x10', '99999999999']) {
      expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { current } }), 'current', INVALID);
    }
    const res = await t.call({ method: 'GET', url: `${PARAM}/list`, headers, query: { current: '10000000', size: '200' } });
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([]);
  });

  it('refuses a page size that is no whole number from 1 to 200, naming size', async () => {
    for (const size of ['99999999999', '1e3', '-5', '201']) {
      expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { size } }), 'size', { zh: /每页条数\)必须是 1 到 200/, en: /page size\) must be a whole number from 1 to 200/ });
    }
  });
});

describe('text values', () => {
  it('refuses a NUL byte in a filter, a body field or a module parameter, naming it', async () => {
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { paramName: 'a\u0000b' } }), 'paramName', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: `${PARAM}/submit`, payload: { paramName: 'a\u0000', paramKey: 'nul.key', paramValue: '1' } }), 'paramName', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: '/api/blade-user/update-info', payload: { name: 'a\u0000b' } }), 'name', INVALID);
    expectRefusal(await bothLanguages({ url: '/api/blade-system/tenant/package-detail', query: { tenantId: '00\u00000' } }), 'tenantId', INVALID);
  });

  it('refuses a filter value over 1000 characters, naming the field', async () => {
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { paramName: 'x'.repeat(1001) } }), 'paramName', { zh: /不能超过 1000 个字符/, en: /at most 1000 characters/ });
    expect((await t.call({ method: 'GET', url: `${PARAM}/list`, headers, query: { paramName: 'x'.repeat(1000) } })).status).toBe(200);
  });

  it('refuses a repeated key where one value is expected, naming it', async () => {
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { paramName: ['a', 'b'] } }), 'paramName', { zh: /只能有一个值/, en: /single value/ });
    expectRefusal(await bothLanguages({ url: `${PARAM}/detail`, query: { id: [paramId, paramId] } }), 'id', { zh: /只能有一个值/, en: /single value/ });
  });
});

describe('JSON bodies', () => {
  it('refuses an object where a text is expected, naming the field', async () => {
    const res = await bothLanguages({ method: 'POST', url: `${PARAM}/submit`, payload: { id: { $gt: 0 }, paramName: 'x', paramKey: 'obj.key', paramValue: '1' } });
    expectRefusal(res, 'id', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: `${PARAM}/submit`, payload: ['paramName', 'x'] }), 'body', INVALID);
    const field = await bothLanguages({ method: 'POST', url: `${PARAM}/submit`, payload: { paramName: { a: 1 }, paramKey: 'obj.key', paramValue: '1' } });
    for (const lang of ['zh', 'en'] as const) {
      expect(field[lang].status).toBe(400);
      expect(Object.keys(field[lang].body.fieldErrors)).toEqual(['paramName']);
    }
  });

  it('refuses integers beyond the integer column and dates off the calendar, naming the field', async () => {
    const sort = await bothLanguages({ method: 'POST', url: '/api/blade-system/dept/submit', payload: { id: deptId, sort: 99999999999 } });
    for (const lang of ['zh', 'en'] as const) {
      expect(sort[lang].status, JSON.stringify(sort[lang].body)).toBe(400);
      expect(Object.keys(sort[lang].body.fieldErrors)).toEqual(['sort']);
    }
    expect(sort.en.body.msg).toContain('2147483647');
    const notice = await bothLanguages({ method: 'POST', url: '/api/blade-desk/notice/submit', payload: { title: 'n', category: 1, releaseTime: '2024-02-30 10:00:00' } });
    for (const lang of ['zh', 'en'] as const) {
      expect(notice[lang].status, JSON.stringify(notice[lang].body)).toBe(400);
      expect(Object.keys(notice[lang].body.fieldErrors)).toEqual(['releaseTime']);
    }
  });
});

describe('numeric ids', () => {
  const OVERFLOW = '9223372036854775808';

  it('refuses an id past bigint in detail, remove, submit, filters and module routes, naming it', async () => {
    expectRefusal(await bothLanguages({ url: `${PARAM}/detail`, query: { id: OVERFLOW } }), 'id', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: `${PARAM}/remove`, query: { ids: `${paramId},${OVERFLOW}` } }), 'ids', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: `${PARAM}/submit`, payload: { id: OVERFLOW, paramName: 'x' } }), 'id', INVALID);
    expectRefusal(await bothLanguages({ url: `${PARAM}/list`, query: { id: OVERFLOW } }), 'id', INVALID);
    expectRefusal(await bothLanguages({ url: '/api/blade-system/dept/lazy-list', query: { parentId: OVERFLOW } }), 'parentId', INVALID);
    expectRefusal(await bothLanguages({ url: '/api/blade-user/platform-detail', query: { id: OVERFLOW } }), 'id', INVALID);
    expectRefusal(await bothLanguages({ method: 'POST', url: '/api/blade-resource/oss/enable', query: { id: OVERFLOW } }), 'id', INVALID);
  });

  it('answers an id past bigint in the code generator\'s and the jobs\' own routes as a missing row, not 服务器异常', async () => {
    const prototypes = await t.call({ method: 'GET', url: '/api/blade-develop/model-prototype/prototypes', headers, query: { modelId: OVERFLOW } });
    expect(prototypes.body).toMatchObject({ code: 400, success: false, msg: `数据模型不存在: ${OVERFLOW}` });
    const grid = await t.call({ method: 'POST', url: '/api/blade-develop/model-prototype/submit-list', headers, payload: [{ modelId: OVERFLOW }] });
    expect(grid.body).toMatchObject({ code: 400, success: false, msg: `数据模型不存在: ${OVERFLOW}` });
    for (const url of [`/api/atrium/jobs/${OVERFLOW}`, `/api/atrium/jobs/${OVERFLOW}/file`]) {
      expect((await t.call({ method: 'GET', url, headers })).status, url).toBe(404);
    }
    expect((await t.call({ method: 'POST', url: `/api/atrium/jobs/${OVERFLOW}/cancel`, headers })).status).toBe(404);
  });

  it('refuses an id field past bigint in a body, naming the field (the largest one is simply missing)', async () => {
    const res = await bothLanguages({ method: 'POST', url: '/api/blade-system/dept/submit', payload: { id: deptId, parentId: '9999999999999999999' } });
    for (const lang of ['zh', 'en'] as const) {
      expect(res[lang].status, JSON.stringify(res[lang].body)).toBe(400);
      expect(Object.keys(res[lang].body.fieldErrors)).toEqual(['parentId']);
    }
    expect((await t.call({ method: 'GET', url: `${PARAM}/detail`, headers, query: { id: '9223372036854775807' } })).status).toBe(404);
  });
});

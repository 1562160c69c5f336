import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * An x-actions entry with a `form` (schemas/system/tenant.json: 授权配置): the engine checks
 * the body against the form before anything is written, in the caller's language, and hands
 * the coerced values to the action's hook.
 */
let t: TestApp;
let admin: Record<string, string>;
let tenant: { id: string; tenantId: string };

const setting = (payload: Record<string, unknown>, lang = 'zh') =>
  t.call({ method: 'POST', url: '/api/blade-system/tenant/setting', headers: { ...admin, 'accept-language': lang }, payload });
const detail = async () => (await t.call({ method: 'GET', url: '/api/blade-system/tenant/detail', headers: admin, query: { id: tenant.id } })).body.data;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  tenant = (await t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers: admin, payload: { tenantName: 'Form', linkman: 'Lee' } })).body.data;
});
afterAll(() => t?.close());

describe('an action with a form', () => {
  it('refuses a value the form does not allow with the field message in the caller\'s language, changing nothing', async () => {
    const before = await detail();
    const zh = await setting({ ids: tenant.id, accountNumber: 1_000_000_000 });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, msg: '账号额度不能大于999999999' });
    const en = await setting({ ids: tenant.id, accountNumber: 'many' }, 'en');
    expect(en.body.msg).toBe('Account quota has the wrong type');
    const badDate = await setting({ ids: tenant.id, accountNumber: 3, expireTime: '2099-02-30 00:00:00' });
    expect(badDate.status).toBe(400);
    expect(await detail()).toEqual(before);
  });

  it('hands the coerced values to the hook: a JSON body with the keys and the values', async () => {
    const res = await setting({ ids: tenant.id, accountNumber: '12', expireTime: '2098-01-02 03:04:05' });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(await detail()).toMatchObject({ accountNumber: 12, expireTime: '2098-01-02 03:04:05' });
  });

  it('is described in the model the console reads: fields, ids of the dialog and where its values start', async () => {
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers: admin })).body.data as { key: string; actions: { key: string; form?: { fields: { name: string; widget: string }[]; initial: unknown } }[] }[];
    const actions = models.find((m) => m.key === 'system/tenant')!.actions;
    expect(actions.find((a) => a.key === 'setting')!.form!.fields.map((f) => [f.name, f.widget])).toEqual([['accountNumber', 'number'], ['expireTime', 'datetime']]);
    expect(actions.find((a) => a.key === 'package')!.form!.initial).toEqual({ fromRow: true, url: '/blade-system/tenant/package-detail', params: { tenantId: 'tenantId' }, fields: { packageId: 'id' }, rowFields: {} });
  });
});

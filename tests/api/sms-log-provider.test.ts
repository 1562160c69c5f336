import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SEND = '/api/blade-resource/sms/endpoint/send-message';
const LOG = '/api/blade-resource/sms-log';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let staff: Record<string, string>;

const logRows = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
  (await t.call({ method: 'GET', url: `${LOG}/list`, headers, query: { size: '200', ...query } })).body.data.records as Record<string, unknown>[];

beforeAll(async () => {
  t = await startTestApp();
  await addTenant(t.services, '000001', 'tenant-b-pw');
  const depts = await deptIds(t.services);
  await addRoleAndUser(t.services, { roleAlias: 'staff', account: 'staff1', password: 'staff-pw', deptId: Object.values(depts)[0] });
  a = await t.login();
  b = await t.login({ tenantId: '000001', password: 'tenant-b-pw' });
  staff = await t.login({ username: 'staff1', password: 'staff-pw' });
});
afterAll(() => t?.close());

describe('the log SMS provider (the default)', () => {
  it('is the enabled configuration of a fresh install', async () => {
    const list = await t.call({ method: 'GET', url: '/api/blade-resource/sms/list', headers: a });
    expect(list.body.data.records).toEqual([expect.objectContaining({ category: 5, smsCode: 'log', status: 2 })]);
  });

  it('records one row per phone instead of sending, with the params as JSON', async () => {
    const res = await t.call({
      method: 'POST', url: SEND, headers: a,
      query: { code: 'log', phones: '13800138000,13900139000', params: "{'code':2333,'title':'通知标题'}" },
    });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '短信发送成功' });
    const rows = await logRows(a, { phone: '1380013800' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '13800138000', smsCode: 'log', status: 1 });
    expect(JSON.parse(String(rows[0].params))).toEqual({ code: '2333', title: '通知标题' });
    const detail = await t.call({ method: 'GET', url: `${LOG}/detail`, headers: a, query: { id: String(rows[0].id) } });
    expect(detail.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await logRows(a, { phone: '13900139000' })).toHaveLength(1);
  });

  it('uses the enabled configuration when no code is given (form body accepted)', async () => {
    const res = await t.call({ method: 'POST', url: '/blade-resource/sms/endpoint/send-message', headers: a, payload: { phones: '13700137000', params: '{"a":1}' } });
    expect(res.body.msg).toBe('短信发送成功');
    expect(await logRows(a, { phone: '13700137000' })).toHaveLength(1);
  });

  it('checks phone numbers in the spec\'s order with its messages, and logs nothing', async () => {
    const before = (await logRows(a)).length;
    const cases: [string, string, string][] = [
      ['', '手机号码不能为空', 'the phone number must not be empty'],
      ['1380013800', '手机号码长度不为11位', 'the phone number must have 11 digits'],
      ['13800138000,138001380001', '手机号码长度不为11位', 'the phone number must have 11 digits'],
      ['23800138000', '手机号码格式不正确', 'the phone number format is incorrect'],
      ['1380013800a', '手机号码格式不正确', 'the phone number format is incorrect'],
    ];
    for (const [phones, zh, en] of cases) {
      const resZh = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'log', phones, params: '{}' } });
      expect(resZh.status, phones).toBe(400);
      expect(resZh.body.msg, phones).toBe(zh);
      const resEn = await t.call({ method: 'POST', url: SEND, headers: { ...a, 'accept-language': 'en' }, query: { code: 'log', phones, params: '{}' } });
      expect(resEn.body.msg, phones).toBe(en);
    }
    expect((await logRows(a)).length).toBe(before);
  });

  it('refuses params that are not a JSON object and an unknown code', async () => {
    const bad = await t.call({ method: 'POST', url: SEND, headers: a, query: { phones: '13800138000', params: '[1,2]' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '短信参数格式不正确,应为 JSON 对象' });
    const unknown = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'nope', phones: '13800138000' } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '短信配置不存在: nope' });
  });

  it('lets only administrators send', async () => {
    const res = await t.call({ method: 'POST', url: SEND, headers: staff, query: { phones: '13800138000' } });
    expect(res.status).toBe(403);
  });

  it('keeps each tenant\'s log and configurations to itself', async () => {
    const aRows = await logRows(a);
    const aSms = (await t.call({ method: 'GET', url: '/api/blade-resource/sms/list', headers: a })).body.data.records[0];
    const sent = await t.call({ method: 'POST', url: SEND, headers: b, query: { code: '', phones: '13600136000' } });
    expect(sent.body.code).toBe(200);
    const bRows = await logRows(b);
    expect(bRows.map((r) => r.phone)).toEqual(['13600136000']);
    expect(bRows[0].tenantId).toBe('000001');
    expect((await t.call({ method: 'GET', url: `${LOG}/detail`, headers: b, query: { id: String(aRows[0].id) } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/blade-resource/sms/enable', headers: b, query: { id: aSms.id } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: SEND, headers: b, query: { code: 'log', phones: '13600136000' } })).body.msg).toBe('短信配置不存在: log');
    expect(await logRows(a)).toEqual(aRows);
  });
});

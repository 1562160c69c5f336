import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENDPOINT = '/api/blade-resource/sms/endpoint';

/** A fresh number per test: rate limits live in the shared store, and Redis outlives a test run. */
const newPhone = () => `13${randomInt(3, 10)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;

/** The code the log provider recorded for a phone (the log provider is the default). */
async function lastCode(t: TestApp, headers: Record<string, string>, phone: string): Promise<string> {
  const rows = (await t.call({ method: 'GET', url: '/api/blade-resource/sms-log/list', headers, query: { phone } })).body.data.records;
  return /\d{6}/.exec(String(rows[0].content))![0];
}

const send = (t: TestApp, headers: Record<string, string>, phone: string) =>
  t.call({ method: 'POST', url: `${ENDPOINT}/send-validate`, headers, query: { phone } });
const check = (t: TestApp, headers: Record<string, string>, query: Record<string, string>) =>
  t.call({ method: 'POST', url: `${ENDPOINT}/validate-message`, headers, query });

describe('verification codes with the default limits', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    await addTenant(t.services, '000001', 'tenant-b-pw');
    a = await t.login();
    b = await t.login({ tenantId: '000001', password: 'tenant-b-pw' });
  });
  afterAll(() => t?.close());

  it('sends a 6-digit code and answers a handle, never the code; the store keeps only a hash', async () => {
    const phone = newPhone();
    const res = await send(t, a, phone);
    expect(res.body).toMatchObject({ code: 200, msg: '验证码发送成功', data: { phone, success: true } });
    expect(res.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    const code = await lastCode(t, a, phone);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const stored = await t.services.store.get(`sms:code:000000:${phone}`);
    expect(stored).toMatch(/"hash":"[0-9a-f]{64}"/);
    expect(stored).not.toContain(code);
  });

  it('accepts the right code once, with or without the handle', async () => {
    const phone = newPhone();
    const handle = (await send(t, a, phone)).body.data.id;
    const code = await lastCode(t, a, phone);
    expect((await check(t, a, { phone, value: code, id: 'someone-else' })).status).toBe(400);
    const ok = await check(t, a, { phone, value: code, id: handle });
    expect(ok.body).toMatchObject({ code: 200, msg: '短信验证码验证成功' });
    const again = await check(t, a, { phone, value: code });
    expect(again.body).toMatchObject({ code: 400, msg: '短信验证码验证失败' });
  });

  it('voids a code after five wrong guesses', async () => {
    const phone = newPhone();
    await send(t, a, phone);
    const code = await lastCode(t, a, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await check(t, a, { phone, value: wrong })).status).toBe(400);
    expect((await check(t, a, { phone, value: code })).status).toBe(400);
  });

  it('refuses a second send to the same phone within 60 s', async () => {
    const phone = newPhone();
    await send(t, a, phone);
    const res = await send(t, a, phone);
    expect(res.body).toMatchObject({ code: 400, msg: '验证码发送过于频繁,请60秒后再试' });
    const en = await send(t, { ...a, 'accept-language': 'en' }, phone);
    expect(en.body.msg).toBe('codes are sent too often, please try again in 60 seconds');
  });

  it('checks the phone with the spec\'s messages', async () => {
    expect((await send(t, a, '')).body.msg).toBe('手机号码不能为空');
    expect((await send(t, a, '138000000')).body.msg).toBe('手机号码长度不为11位');
    expect((await send(t, a, '12800000000')).body.msg).toBe('手机号码格式不正确');
  });

  it('keeps codes per tenant: B cannot use A\'s code, and B\'s guesses do not spend it', async () => {
    const phone = newPhone();
    await send(t, a, phone);
    const code = await lastCode(t, a, phone);
    for (let i = 0; i < 5; i += 1) expect((await check(t, b, { phone, value: code })).status).toBe(400);
    expect((await check(t, a, { phone, value: code })).body.code).toBe(200);
    expect((await send(t, b, phone)).body.code).toBe(200);
  });
});

describe('verification codes with short limits', () => {
  let t: TestApp;
  let a: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ smsCode: { ttlSeconds: 1, intervalSeconds: 0, dailyLimit: 3 } });
    a = await t.login();
  });
  afterAll(() => t?.close());

  it('expires a code after its lifetime', async () => {
    const phone = newPhone();
    await send(t, a, phone);
    const code = await lastCode(t, a, phone);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await check(t, a, { phone, value: code })).body.msg).toBe('短信验证码验证失败');
  });

  it('allows at most the daily limit of sends per phone', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i += 1) expect((await send(t, a, phone)).body.code).toBe(200);
    const res = await send(t, a, phone);
    expect(res.body).toMatchObject({ code: 400, msg: '该手机号今日验证码发送次数已达上限' });
    expect((await send(t, a, newPhone())).body.code).toBe(200);
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { hashPassword } from '../../src/server/engine/field-transforms.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * grant sms_code: the SMS module's verification codes (log provider, the default), read
 * back from the SMS log as the person would read their phone.
 */

/** A fresh number per test: rate limits live in the shared store, and Redis outlives a test run. */
const newPhone = () => `13${randomInt(3, 10)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

async function addUser(phone: string, extra: Record<string, unknown> = {}): Promise<string> {
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  const account = `phone-${randomBytes(3).toString('hex')}`;
  await t.services.system.repo.insert(t.services.model('system/user'), systemContext(), {
    account, name: account, realName: 'phone', phone, userType: 1, roleId: roles.find((r) => r.roleAlias === 'user')!.id,
    password: await hashPassword(md5Hex('phone-pw')), ...extra,
  });
  return account;
}

/** The code in the last message the log provider recorded for the phone ('' when none). */
async function lastCode(phone: string): Promise<string> {
  const rows = (await t.call({ method: 'GET', url: '/api/blade-resource/sms-log/list', headers: admin, query: { phone } })).body.data.records;
  return rows.length ? /\d{6}/.exec(String(rows[0].content))![0] : '';
}

const askCode = (phone: string, lang = 'zh') => t.call({ method: 'POST', url: '/api/blade-auth/oauth/sms-code', headers: { authorization: BASIC, 'accept-language': lang }, query: { tenantId: '000000', phone } });

const phoneGrant = (phone: string, code: string, lang = 'zh') => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'accept-language': lang },
  query: { tenantId: '000000', phone, code, grant_type: 'sms_code', scope: 'all' },
});

describe('grant sms_code', () => {
  it('signs in with the code sent to the phone, once', async () => {
    const phone = newPhone();
    const account = await addUser(phone);
    expect((await askCode(phone)).body).toMatchObject({ code: 200, msg: '验证码发送成功' });
    const code = await lastCode(phone);
    const res = await phoneGrant(phone, code);
    expect(res.body).toMatchObject({ account, tenant_id: '000000', role_name: 'user' });
    expect(res.body.access_token).toBeTruthy();
    const again = await phoneGrant(phone, code);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('短信验证码不正确或已过期');
  });

  it('accepts a code sent through the SMS module\'s send-validate', async () => {
    const phone = newPhone();
    const account = await addUser(phone);
    expect((await t.call({ method: 'POST', url: '/api/blade-resource/sms/endpoint/send-validate', headers: admin, query: { phone } })).body.code).toBe(200);
    expect((await phoneGrant(phone, await lastCode(phone))).body.account).toBe(account);
  });

  it('refuses a wrong code with a clear message and sets no session', async () => {
    const phone = newPhone();
    await addUser(phone);
    await askCode(phone);
    const code = await lastCode(phone);
    const res = await phoneGrant(phone, code === '000000' ? '000001' : '000000', 'en');
    expect(res.body).toMatchObject({ error_description: 'the SMS code is wrong or has expired', code: 400 });
    expect(res.body.access_token).toBeUndefined();
  });

  it('checks the phone with the SMS module\'s messages', async () => {
    expect((await phoneGrant('', '123456')).body.error_description).toBe('手机号码不能为空');
    expect((await phoneGrant('1380000', '123456')).body.error_description).toBe('手机号码长度不为11位');
  });

  it('sends nothing to a number no account uses, and answers the same', async () => {
    const phone = newPhone();
    expect((await askCode(phone)).body).toMatchObject({ code: 200, msg: '验证码发送成功' });
    expect(await lastCode(phone)).toBe('');
    expect((await phoneGrant(phone, '123456')).body.error_description).toBe('短信验证码不正确或已过期');
  });

  it('clears the account\'s failed password attempts, as a password sign-in does', async () => {
    const phone = newPhone();
    const account = await addUser(phone);
    for (let i = 0; i < 3; i += 1) {
      await t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC }, query: { tenantId: '000000', username: account, password: md5Hex('wrong'), grant_type: 'password' } });
    }
    expect(await t.services.store.get(`000000:blade:user::blade:fail:${account}`)).toBe('3');
    await askCode(phone);
    expect((await phoneGrant(phone, await lastCode(phone))).body.access_token).toBeTruthy();
    expect(await t.services.store.get(`000000:blade:user::blade:fail:${account}`)).toBeUndefined();
  });

  it('refuses a user awaiting approval', async () => {
    const phone = newPhone();
    await addUser(phone, { status: 0 });
    await askCode(phone);
    expect((await phoneGrant(phone, await lastCode(phone))).body.error_description).toBe('账号未审核,请联系管理员');
  });
});

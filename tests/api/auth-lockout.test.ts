import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLoginFailures } from '../../src/server/modules/auth/login-failures.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addSignInUser } from '../support/add-user.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'right-password';

let t: TestApp;

beforeAll(async () => { t = await startTestApp(); });
afterAll(() => t?.close());

/* Counters live in the shared store, which a Redis run shares with every other suite:
   each test uses an account and an IP of its own. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function freshAccount(): Promise<string> {
  const account = `lock-${randomBytes(4).toString('hex')}`;
  await addSignInUser(t.services, { account, password: PASSWORD });
  return account;
}

const signIn = (opts: { account: string; password: string; ip: string; lang?: string }) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', remoteAddress: opts.ip,
  headers: { authorization: BASIC, 'accept-language': opts.lang ?? 'zh' },
  query: { tenantId: '000000', username: opts.account, password: md5Hex(opts.password), grant_type: 'password', scope: 'all' },
});

async function setFailCount(value: string): Promise<void> {
  const headers = await t.login();
  const [param] = (await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers, query: { paramKey_equal: 'account.failCount' } })).body.data.records;
  const res = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { ...param, paramValue: value } });
  expect(res.body.code).toBe(200);
}

describe('sign-in lockout', () => {
  it('refuses an account after account.failCount failures, even with the right password', async () => {
    const account = await freshAccount();
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn({ account, password: 'wrong', ip })).body.error_description).toBe('用户名或密码不正确');
    }
    const locked = await signIn({ account, password: PASSWORD, ip });
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ code: 400, success: false, msg: '登录错误次数过多,请稍后再试' });
    expect(locked.body.access_token).toBeUndefined();
    expect((await signIn({ account, password: PASSWORD, ip: freshIp(), lang: 'en' })).body.msg)
      .toBe('too many failed sign-in attempts, please try again later');
  });

  it('forgets the failures of an account that signs in before reaching the limit', async () => {
    const account = await freshAccount();
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) await signIn({ account, password: 'wrong', ip });
    expect((await signIn({ account, password: PASSWORD, ip })).body.access_token).toBeTruthy();
    for (let i = 0; i < 4; i += 1) await signIn({ account, password: 'wrong', ip });
    expect((await signIn({ account, password: PASSWORD, ip })).body.access_token).toBeTruthy();
  });

  it('checks at most account.failCount passwords when 40 sign-ins for one account race', async () => {
    const account = await freshAccount();
    const answers = await Promise.all(Array.from({ length: 40 }, () => signIn({ account, password: 'wrong', ip: freshIp() })));
    const checked = answers.filter((a) => a.body.error_description === '用户名或密码不正确');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.msg === '登录错误次数过多,请稍后再试')).toHaveLength(40 - checked.length);
    expect((await signIn({ account, password: PASSWORD, ip: freshIp() })).body.msg).toBe('登录错误次数过多,请稍后再试');
  });

  it('checks at most SIGN_IN_ADDRESS_FAILURES (10) passwords when 30 failed sign-ins for made-up accounts from one address race', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.app.inject({
      method: 'POST', url: '/api/blade-auth/oauth/token', remoteAddress: ip, headers: { authorization: BASIC },
      query: { tenantId: '000000', username: `nobody-${randomBytes(4).toString('hex')}`, password: md5Hex('guess'), grant_type: 'password', scope: 'all' },
    })));
    const checked = answers.filter((a) => a.json().error_description === '用户名或密码不正确');
    const held = answers.filter((a) => a.statusCode === 429 && Number(a.headers['retry-after']) >= 1 && Number(a.headers['retry-after']) <= 60);
    expect(checked).toHaveLength(10);
    expect(held).toHaveLength(20);
  });

  it('unlocks an account at once through clearLoginFailures', async () => {
    const account = await freshAccount();
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) await signIn({ account, password: 'wrong', ip });
    expect((await signIn({ account, password: PASSWORD, ip })).body.msg).toBe('登录错误次数过多,请稍后再试');
    await clearLoginFailures(t.services, '000000', account);
    expect((await signIn({ account, password: PASSWORD, ip })).body.access_token).toBeTruthy();
  });

  it('follows the account.failCount parameter, and holds an address that fails for many accounts off with 429, not the account lockout', async () => {
    await setFailCount('2');
    try {
      const account = await freshAccount();
      for (let i = 0; i < 2; i += 1) await signIn({ account, password: 'wrong', ip: freshIp() });
      expect((await signIn({ account, password: PASSWORD, ip: freshIp() })).body.msg).toBe('登录错误次数过多,请稍后再试');

      const ip = freshIp();
      for (let i = 0; i < 20; i += 1) await signIn({ account: `nobody-${i}-${randomBytes(3).toString('hex')}`, password: 'wrong', ip });
      const other = await freshAccount();
      const held = await signIn({ account: other, password: PASSWORD, ip });
      expect(held.status).toBe(429);
      expect(held.body.msg).toMatch(/^此地址登录失败次数过多，请([1-9]|[1-5]\d|60)秒后再试$/);
      expect((await signIn({ account: other, password: PASSWORD, ip: freshIp() })).body.access_token).toBeTruthy();
    } finally {
      await setFailCount('5');
    }
  });
});

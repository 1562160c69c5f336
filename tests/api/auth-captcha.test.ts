import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/** A fresh captcha: its key from the endpoint, its text from the shared store (as the picture shows it). */
async function newCaptcha(t: TestApp): Promise<{ key: string; code: string }> {
  const res = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  expect(res.body.image).toMatch(/^data:image\//);
  return { key: res.body.key, code: (await t.services.store.get(`captcha:${res.body.key}`))! };
}

const signIn = (t: TestApp, opts: { grant: string; captcha?: { key: string; code: string }; account?: string; password?: string; lang?: string }) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token',
  headers: { authorization: BASIC, 'accept-language': opts.lang ?? 'zh', ...(opts.captcha ? { 'captcha-key': opts.captcha.key, 'captcha-code': opts.captcha.code } : {}) },
  query: { tenantId: '000000', username: opts.account ?? 'admin', password: md5Hex(opts.password ?? ADMIN_PASSWORD), grant_type: opts.grant, scope: 'all' },
});

describe('grant captcha', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(() => t?.close());

  it('signs in with the right code, whatever its case', async () => {
    const captcha = await newCaptcha(t);
    const res = await signIn(t, { grant: 'captcha', captcha: { ...captcha, code: captcha.code.toUpperCase() } });
    expect(res.body.access_token).toBeTruthy();
  });

  it('refuses a wrong code before the password: 400, no token, no failure counted', async () => {
    const account = `nobody-${randomBytes(4).toString('hex')}`;
    const captcha = await newCaptcha(t);
    const res = await signIn(t, { grant: 'captcha', captcha: { key: captcha.key, code: `${captcha.code}x` }, account, password: 'wrong' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_description: '验证码不正确', code: 400, success: false });
    expect(res.body.access_token).toBeUndefined();
    expect(await t.services.store.get(`000000:blade:user::blade:fail:${account}`)).toBeUndefined();
    expect((await signIn(t, { grant: 'captcha', captcha: { key: captcha.key, code: `${captcha.code}x` }, lang: 'en' })).body.error_description).toBe('wrong captcha');
  });

  it('uses a captcha up: the same key and code are refused the second time', async () => {
    const captcha = await newCaptcha(t);
    expect((await signIn(t, { grant: 'captcha', captcha })).body.access_token).toBeTruthy();
    const reused = await signIn(t, { grant: 'captcha', captcha });
    expect(reused.body.error_description).toBe('验证码不正确');
  });

  it('uses a captcha up even when the code was wrong', async () => {
    const captcha = await newCaptcha(t);
    await signIn(t, { grant: 'captcha', captcha: { key: captcha.key, code: 'nope' } });
    expect((await signIn(t, { grant: 'captcha', captcha })).body.error_description).toBe('验证码不正确');
  });

  it('refuses the captcha grant without the headers, and lets the password grant go without them', async () => {
    expect((await signIn(t, { grant: 'captcha' })).body.error_description).toBe('验证码不正确');
    expect((await signIn(t, { grant: 'password' })).body.access_token).toBeTruthy();
  });
});

describe('captchaMode on', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ captchaMode: true }); });
  afterAll(() => t?.close());

  it('asks every password sign-in for a captcha', async () => {
    expect((await signIn(t, { grant: 'password' })).body.error_description).toBe('验证码不正确');
    expect((await signIn(t, { grant: 'password', captcha: await newCaptcha(t) })).body.access_token).toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/** A fresh address per run, so counters kept in a shared Redis by earlier runs do not count. */
const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe('rate limits per client address (sign-in, captcha, SMS codes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedRegions: false, trustProxy: true, rateLimits: { signInPerMinute: 3, captchaPerMinute: 2, smsCodePerMinute: 2 } });
  });
  afterAll(async () => { await t.close(); });

  const signIn = (address: string, lang = 'zh') => t.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, 'tenant-id': '000000', 'x-forwarded-for': address, 'accept-language': lang },
    query: { tenantId: '000000', username: 'admin', password: md5Hex(ADMIN_PASSWORD), grant_type: 'password', scope: 'all' },
  });

  it('a burst of sign-ins from one address over the limit answers 429 with the message in the envelope', async () => {
    const address = someAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(address)).status).toBe(200);
    const refused = await signIn(address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, success: false, data: {} });
    expect(refused.body.msg).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    const english = await signIn(address, 'en');
    expect(english.status).toBe(429);
    expect(english.body.msg).toMatch(/^too many requests, please retry in \d+ s$/);
  });

  it('the bare BladeX path shares the counter of the /api path, and another address is not affected', async () => {
    const address = someAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(address)).status).toBe(200);
    const bare = await t.call({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000', 'x-forwarded-for': address },
      query: { tenantId: '000000', username: 'admin', password: md5Hex(ADMIN_PASSWORD), grant_type: 'password', scope: 'all' },
    });
    expect(bare.status).toBe(429);
    expect((await signIn(someAddress())).status).toBe(200);
  });

  it('captcha pictures are limited per address too', async () => {
    const address = someAddress();
    const captcha = () => t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers: { 'x-forwarded-for': address } });
    expect((await captcha()).status).toBe(200);
    expect((await captcha()).status).toBe(200);
    const refused = await captcha();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(429);
  });

  it('SMS sign-in codes are limited per address', async () => {
    const address = someAddress();
    const ask = () => t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/sms-code',
      headers: { authorization: BASIC, 'tenant-id': '000000', 'x-forwarded-for': address },
      query: { tenantId: '000000', phone: '13800000000' },
    });
    expect((await ask()).status).not.toBe(429);
    expect((await ask()).status).not.toBe(429);
    expect((await ask()).status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/* A throwaway Redis of this suite's own, stopped and started again under the app. */
let t: TestApp;
let redis: ThrowawayRedis;

describe.skipIf(!hasRedisServer)('shared store outage', () => {
  beforeAll(async () => {
    redis = await throwawayRedis();
    t = await startTestApp({ redisUrl: redis.url });
  });
  afterAll(async () => {
    redis?.stop();
    await t?.close();
  });

  const signIn = (lang = 'zh') => t.call({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'accept-language': lang },
    query: { tenantId: '000000', username: 'admin', password: md5Hex(ADMIN_PASSWORD), grant_type: 'password', scope: 'all' },
  });
  const userInfo = (token: string, lang = 'zh') => t.call({
    method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': lang },
  });

  it('answers 503 in the caller\'s language within 2 s while Redis is down, and recovers by itself', async () => {
    const before = await signIn();
    expect((await userInfo(before.body.access_token)).status).toBe(200);

    redis.stop();
    const started = Date.now();
    const down = await userInfo(before.body.access_token);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503, success: false, msg: '共享存储暂不可用，请稍后重试' });
    expect((await userInfo(before.body.access_token, 'en')).body.msg).toBe('shared state store unavailable, please retry shortly');
    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect(refused.body.access_token).toBeUndefined();

    await redis.start();
    let after = await signIn();
    for (let i = 0; i < 50 && after.status !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      after = await signIn();
    }
    expect(after.status).toBe(200);
    expect((await userInfo(after.body.access_token)).status).toBe(200);
  });
});

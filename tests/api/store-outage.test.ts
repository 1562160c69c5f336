import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';
import { redisGeneration, redisLoggedWrites } from '../support/fault-drills.js';
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

  it('waits for a Redis that answers late (3 s, CPU-starved), and answers 503 for one silent past 5 s, then serves again', async () => {
    const token = (await signIn()).body.access_token as string;
    redis.pause();
    setTimeout(() => redis.resume(), 3000);
    let started = Date.now();
    const late = await userInfo(token);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(2500);

    redis.pause();
    started = Date.now();
    const answered = userInfo(token).then((res) => ({ res, waited: Date.now() - started }));
    // Readiness does not wait for the command bound: its own PING is bounded to 1 s.
    const ready = await t.call({ method: 'GET', url: '/health/ready' });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.store).toBe('down');
    const { res: silent, waited } = await answered;
    redis.resume();
    expect(silent.body).toMatchObject({ code: 503, success: false, msg: '共享存储暂不可用，请稍后重试' });
    expect(waited).toBeGreaterThan(4500);
    expect(waited).toBeLessThan(8000);
    expect((await userInfo(token)).status).toBe(200);
  }, 30_000);

  /** The store loses every key: restarted empty (the connection drops), or flushed under a live connection (it does not). */
  const losses = {
    'restarted empty': async () => {
      redis.stop();
      await redis.start();
    },
    'flushed under a live connection': async () => {
      spawnSync('redis-cli', ['-p', String(redis.port), 'flushall']);
    },
  };

  it.each(Object.keys(losses))('keeps list totals and first pages exact when Redis loses its keys (%s) and as many writes follow as were logged before', async (loss) => {
    const name = `outage${randomBytes(3).toString('hex')}`;
    const lists = [
      { table: 'blade_post', path: '/api/blade-system/post', field: 'postName',
        row: (i: number) => ({ category: 1, postCode: `so${randomBytes(4).toString('hex')}`, postName: `${name} ${i}`, sort: i }) },
      // Listed in key order: its first pages are kept keys (PageKeys) as well as a total.
      { table: 'blade_param', path: '/api/blade-system/param', field: 'paramName',
        row: (i: number) => ({ paramName: `${name} ${i}`, paramKey: `${name}.${i}`, paramValue: String(i) }) },
    ];
    type List = (typeof lists)[number];
    const add = async (list: List, headers: Record<string, string>, i: number) => {
      const res = await t.call({ method: 'POST', url: `${list.path}/submit`, headers, payload: list.row(i) });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    };
    const page = async (list: List, headers: Record<string, string>) => {
      const { data } = (await t.call({ method: 'GET', url: `${list.path}/list`, headers, query: { [list.field]: name, size: '50' } })).body;
      return { total: Number(data.total), names: data.records.map((r: Record<string, string>) => r[list.field]).sort() };
    };
    const before = await t.login();
    for (const list of lists) {
      await add(list, before, 0);
      expect(await page(list, before)).toEqual({ total: 1, names: [`${name} 0`] });
    }
    const generations = lists.map((list) => redisGeneration(redis.port, list.table));
    const logged = lists.map((list) => redisLoggedWrites(redis.port, list.table));
    expect(Math.min(...logged)).toBeGreaterThan(0);
    expect(Math.max(...logged)).toBeLessThan(49);

    await losses[loss as keyof typeof losses]();
    let after: Record<string, string> | undefined;
    for (let i = 0; i < 50 && !after; i += 1) {
      after = await t.login().catch(() => undefined);
      if (!after) await new Promise((r) => setTimeout(r, 100));
    }
    // As many writes as were logged before: numbered from 0 again, each table's generation
    // would be back at the one its total and first-page keys were cached at.
    for (const [j, list] of lists.entries()) {
      for (let i = 1; i <= logged[j]; i += 1) await add(list, after!, i);
      expect(redisGeneration(redis.port, list.table)).toBeGreaterThan(generations[j]);
    }
    for (const [j, list] of lists.entries()) {
      const names = Array.from({ length: logged[j] + 1 }, (_, i) => `${name} ${i}`).sort();
      expect(await page(list, after!)).toEqual({ total: logged[j] + 1, names });
    }
  });
});

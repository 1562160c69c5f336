import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/* A Redis of this suite's own, so that its command counts are this app's alone. */
let t: TestApp;
let redis: ThrowawayRedis;
let admin: Record<string, string>;

/** Calls per Redis command so far (INFO commandstats). */
function commandCalls(): Map<string, number> {
  const info = spawnSync('redis-cli', ['-p', String(redis.port), 'info', 'commandstats'], { encoding: 'utf8' }).stdout;
  return new Map([...info.matchAll(/cmdstat_([a-z|]+):calls=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
}

describe.skipIf(!hasRedisServer)('shared-store round trips of a request', () => {
  beforeAll(async () => {
    redis = await throwawayRedis();
    t = await startTestApp({ redisUrl: redis.url });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    redis?.stop();
  });

  it('checks the token and reads the stored roles\' generations in one Redis command a request', async () => {
    const post = (await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin })).body.data.records[0];
    const detail = () => t.call({ method: 'GET', url: '/api/blade-system/post/detail', headers: admin, query: { id: String(post.id) } });
    expect((await detail()).body.data.id).toBe(post.id); // every cache warm
    const before = commandCalls();
    for (let i = 0; i < 20; i += 1) expect((await detail()).status).toBe(200);
    const after = commandCalls();
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(delta('mget')).toBe(20);
    expect([...after.keys()].filter((name) => name !== 'mget' && name !== 'info').map(delta).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2);
  });

  it('labels the next answer with a dictionary entry renamed just before', async () => {
    const post = (await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin })).body.data.records[0];
    const detail = async () => (await t.call({ method: 'GET', url: '/api/blade-system/post/detail', headers: admin, query: { id: String(post.id) } })).body.data;
    const entries = (await t.call({ method: 'GET', url: '/api/blade-system/dict/dictionary', headers: admin, query: { code: 'post_category' } })).body.data;
    const entry = entries.find((e: any) => String(e.dictKey) === String(post.category));
    expect((await detail()).categoryName).toBe(entry.dictValue);
    const saved = await t.call({ method: 'POST', url: '/api/blade-system/dict/submit', headers: admin, payload: { ...entry, dictValue: `${entry.dictValue} (renamed)` } });
    expect(saved.body).toMatchObject({ success: true });
    expect((await detail()).categoryName).toBe(`${entry.dictValue} (renamed)`);
  });
});

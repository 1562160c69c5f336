import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/* A Redis of this suite's own, watched with MONITOR: the commands the app sends while `work` runs. */
let t: TestApp;
let redis: ThrowawayRedis;
let admin: Record<string, string>;

async function commandsDuring(work: () => Promise<void>): Promise<string[]> {
  const monitor = spawn('redis-cli', ['-p', String(redis.port), 'monitor']);
  let seen = '';
  monitor.stdout.on('data', (chunk: Buffer) => { seen += chunk.toString(); });
  await new Promise<void>((resolve) => monitor.stdout.once('data', () => resolve())); // "OK": watching
  await work();
  await new Promise((resolve) => setTimeout(resolve, 200));
  monitor.kill();
  // The app's own commands, not those a script runs inside Redis ("[0 lua]").
  return seen.split('\n').filter((line) => /^\d+\.\d+ \[\d+ [\d.]+:\d+\] /.test(line));
}

const count = (lines: string[], pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;

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

  it('checks the token and reads the stored roles\' and labels\' generations in one Redis command a request', async () => {
    const post = (await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin })).body.data.records[0];
    const detail = () => t.call({ method: 'GET', url: '/api/blade-system/post/detail', headers: admin, query: { id: String(post.id) } });
    expect((await detail()).body.data.id).toBe(post.id); // every cache warm
    const lines = await commandsDuring(async () => {
      for (let i = 0; i < 20; i += 1) expect((await detail()).status).toBe(200);
    });
    expect(count(lines, /"mget" "atrium:session:/)).toBe(20);
    expect(count(lines, /atrium:gen:blade_(user|role|dict)"/)).toBe(20); // only inside those 20
  });

  it('reads a list\'s write log once for a first page, its keys and its total together', async () => {
    const firstPage = () => t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: admin, query: { current: '1', size: '10' } });
    expect((await firstPage()).body.data.total).toBeGreaterThan(0);
    const lines = await commandsDuring(async () => {
      for (let i = 0; i < 10; i += 1) expect((await firstPage()).status).toBe(200);
    });
    expect(count(lines, /"atrium:genlog:blade_param"/)).toBe(10);
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

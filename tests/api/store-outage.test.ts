import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/* A throwaway Redis of this suite's own, stopped and started again under the app. */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const redisCli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });

async function startRedis(port: number): Promise<void> {
  spawnSync('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
  for (let i = 0; i < 50 && redisCli(port, 'ping').stdout.trim() !== 'PONG'; i += 1) await new Promise((r) => setTimeout(r, 100));
}

let t: TestApp;
let port: number;

describe.skipIf(!hasRedisServer)('shared store outage', () => {
  beforeAll(async () => {
    port = await freePort();
    await startRedis(port);
    t = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    redisCli(port, 'shutdown', 'nosave');
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

    redisCli(port, 'shutdown', 'nosave');
    const started = Date.now();
    const down = await userInfo(before.body.access_token);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 503, success: false, msg: '共享存储暂不可用，请稍后重试' });
    expect((await userInfo(before.body.access_token, 'en')).body.msg).toBe('shared state store unavailable, please retry shortly');
    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect(refused.body.access_token).toBeUndefined();

    await startRedis(port);
    let after = await signIn();
    for (let i = 0; i < 50 && after.status !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      after = await signIn();
    }
    expect(after.status).toBe(200);
    expect((await userInfo(after.body.access_token)).status).toBe(200);
  });
});

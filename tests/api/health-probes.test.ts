import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/** Asks again every 100 ms until the answer's status is `status` (at most `ms`); answers the last answer. */
async function probeUntil(t: TestApp, url: string, status: number, ms = 5000) {
  const started = Date.now();
  let res = await t.call({ method: 'GET', url });
  while (res.status !== status && Date.now() - started < ms) {
    await new Promise((r) => setTimeout(r, 100));
    res = await t.call({ method: 'GET', url });
  }
  return res;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ seedRegions: false }); });
  afterAll(() => t?.close());

  it('answer small JSON without a token, under /api and bare', async () => {
    for (const prefix of ['', '/api']) {
      expect(await t.call({ method: 'GET', url: `${prefix}/health/live` })).toEqual({ status: 200, body: { status: 'live' } });
      const ready = await t.call({ method: 'GET', url: `${prefix}/health/ready` });
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: { database: 'up', store: process.env.REDIS_URL ? 'up' : 'in-process', load: 'ok' } });
    }
  });
});

describe.skipIf(!hasRedisServer)('readiness while Redis is stopped', () => {
  let t: TestApp;
  let redis: ThrowawayRedis;
  beforeAll(async () => {
    redis = await throwawayRedis();
    t = await startTestApp({ seedRegions: false, redisUrl: redis.url });
  });
  afterAll(async () => {
    redis?.stop();
    await t?.close();
  });

  it('goes false (503) within 2 s, liveness stays true, and comes back by itself when Redis is back', async () => {
    expect((await t.call({ method: 'GET', url: '/health/ready' })).body.checks.store).toBe('up');
    redis.stop();
    const started = Date.now();
    const down = await probeUntil(t, '/health/ready', 503, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down).toEqual({ status: 503, body: { status: 'unready', checks: { database: 'up', store: 'down', load: 'ok' } } });
    expect((await t.call({ method: 'GET', url: '/api/health/live' })).status).toBe(200);

    await redis.start();
    const up = await probeUntil(t, '/api/health/ready', 200, 10_000);
    expect(up.body).toMatchObject({ status: 'ready', checks: { store: 'up' } });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness while PostgreSQL is unreachable', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    drop = database.drop;
    const url = new URL(database.url);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await startTestApp({ seedRegions: false, databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('goes false (503) once the database port is closed, requests answer 503 "database unavailable" at once, and it comes back by itself when it opens again', async () => {
    expect((await t.call({ method: 'GET', url: '/health/ready' })).status).toBe(200);
    const headers = await t.login();
    await proxy.cut();
    const down = await probeUntil(t, '/health/ready', 503, 3000);
    expect(down.status).toBe(503);
    expect(down.body.checks).toMatchObject({ database: 'down', load: 'ok' });
    expect((await t.call({ method: 'GET', url: '/health/live' })).status).toBe(200);
    for (const [lang, msg] of [['zh', '数据库暂不可用，请稍后重试'], ['en', 'database unavailable, please retry shortly']]) {
      const started = Date.now();
      const list = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: { ...headers, 'accept-language': lang } });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(list).toEqual({ status: 503, body: { code: 503, success: false, data: {}, msg } });
    }

    await proxy.open();
    const up = await probeUntil(t, '/health/ready', 200, 10_000);
    expect(up.body).toMatchObject({ status: 'ready', checks: { database: 'up' } });
  });

  it('survives the connection of a transaction ending between two of its queries, and serves again after', async () => {
    const db = t.services.system.database.db;
    // Without a listener on the checked-out client, pg's error here is an uncaught exception (the process ends).
    const outcome = await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return sql`select 1`.execute(trx);
    }).then(() => 'committed', (error: Error) => error.message);
    expect(outcome).not.toBe('committed');
    await proxy.open();
    const up = await probeUntil(t, '/health/ready', 200, 10_000);
    expect(up.status).toBe(200);
  });
});

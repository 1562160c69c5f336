import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAgents, signedIn } from '../support/cluster-client.js';
import { killDrill, postgresRestartDrill, redisLoggedWrites, redisRestartDrill } from '../support/fault-drills.js';
import { startServerCluster } from '../support/server-cluster.js';
import type { ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';
import { hasPostgresBinaries, throwawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.js';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../support/throwaway-redis.js';

/* Three real server processes on a PostgreSQL cluster and a Redis of this suite's own (so
   they can be killed and restarted without touching anyone else's). Runs in the PostgreSQL +
   Redis run only (DATABASE_URL and REDIS_URL set, as .ci/run does) and where initdb, pg_ctl
   and redis-server are installed; skipped otherwise. The drills run in order on the same
   processes: after the kill, two are left for the restarts. */
const runs = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) && hasPostgresBinaries && hasRedisServer;
const ADMIN_PASSWORD = 'fault-drills-admin';

let postgres: ThrowawayPostgres | undefined;
let redis: ThrowawayRedis | undefined;
let databaseUrl = '';
let dataDir = '';
let servers: ServerProcess[] = [];
let headers: Record<string, string> = {};

describe.skipIf(!runs)('faults under three processes on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    postgres = await throwawayPostgres();
    redis = await throwawayRedis();
    databaseUrl = (await createTestDatabase(postgres.url)).url;
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-drills-'));
    servers = await startServerCluster(3, {
      DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn'
    });
    headers = await signedIn(servers[0].port, ADMIN_PASSWORD);
  }, 240_000);
  afterAll(async () => {
    closeAgents();
    await Promise.all(servers.map((s) => s.stop()));
    redis?.stop();
    postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('kill -9 of one process under load: the other two keep answering, a client retrying on the next loses no acknowledged write', async () => {
    const report = await killDrill({ servers, headers, databaseUrl, victim: 1, workers: 12, beforeMs: 3000, afterMs: 4000 });
    const [first, victim, third] = servers.map((s) => s.port);
    expect(servers[1].alive()).toBe(false);
    expect(report.failures).toEqual([]);
    expect(report.acknowledged).toBeGreaterThan(20);
    expect(report.missing).toEqual([]);
    expect(report.duplicates).toBe(0);
    // Only the killed process failed to answer; the others answered throughout.
    expect(report.connectionErrors[victim]).toBeGreaterThan(0);
    expect([report.connectionErrors[first], report.connectionErrors[third]]).toEqual([0, 0]);
    expect(report.answered[first].afterKill).toBeGreaterThan(10);
    expect(report.answered[third].afterKill).toBeGreaterThan(10);
    servers = servers.filter((s) => s.alive());
  }, 60_000);

  it('PostgreSQL restart: readiness false and a quick 503 envelope while it is down, then the same processes serve again by themselves', async () => {
    const report = await postgresRestartDrill({ servers, headers, stop: () => postgres!.stop(), start: () => postgres!.start(), downMs: 3000 });
    for (const ready of report.readiness) {
      expect(ready.status).toBe(503);
      expect(ready.checks).toMatchObject({ database: 'down', store: 'up' });
      expect(ready.ms).toBeLessThan(5000);
    }
    for (const answer of report.during) {
      expect(answer).toMatchObject({ status: 503, msg: '数据库暂不可用，请稍后重试' });
      expect(answer.ms).toBeLessThan(2000);
    }
    expect(report.recovered.map((r) => r.ok)).toEqual(servers.map(() => true));
    for (const r of report.recovered) expect(r.ms).toBeLessThan(15_000);
    expect(report.alive).toBe(true);
  }, 60_000);

  it('Redis restart: a 503 "共享存储暂不可用" meanwhile, sign-in and lists again by themselves after, list totals exact across it', async () => {
    const report = await redisRestartDrill({
      servers, headers, password: ADMIN_PASSWORD, stop: () => redis!.stop(), start: () => redis!.start(), downMs: 3000,
      loggedWritesOf: (table) => redisLoggedWrites(redis!.port, table),
    });
    for (const answer of report.during) {
      expect(answer).toMatchObject({ status: 503, msg: '共享存储暂不可用，请稍后重试' });
      expect(answer.ms).toBeLessThan(2000);
    }
    for (const ready of report.readiness) expect(ready).toMatchObject({ status: 503, checks: { database: 'up', store: 'down' } });
    expect(report.recovered.map((r) => r.ok)).toEqual(servers.map(() => true));
    for (const r of report.recovered) expect(r.ms).toBeLessThan(15_000);
    // This Redis keeps nothing on disk: sessions went with it, so the old token is refused, not an error.
    expect(report.oldTokenAfter).toBe(401);
    for (const t of report.totals) expect(t.answered).toBe(t.expected);
    expect(report.alive).toBe(true);
  }, 60_000);
});

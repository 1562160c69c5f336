import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BAD_ROWS, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload } from '../support/jobs.js';
import { BASIC, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-jobs-restart-'));
const ROWS = 3_000;
const bad = Object.fromEntries(Object.entries(BAD_ROWS).filter(([n]) => Number(n) <= ROWS));
const badCount = Object.keys(bad).length;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A server process on the shared data folder / database (as TestApp, for the job helpers). */
async function server(): Promise<TestApp & { built: BuiltApp }> {
  if (process.env.DATABASE_URL && !database) database = await createTestDatabase(process.env.DATABASE_URL);
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: process.env.JOB_TEST_LOG ?? 'silent', SEED_REGIONS: 'false' },
    { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
  );
  const built = await buildApp(config);
  await built.app.ready();
  const call = async (opts: any) => {
    const res = await built.app.inject(opts);
    let body: any = res.body;
    try { body = JSON.parse(res.body); } catch { /* not JSON */ }
    return { status: res.statusCode, body };
  };
  const login = async () => {
    const res = await call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5Hex('admin-pw'), grant_type: 'password', scope: 'all' } });
    return { authorization: BASIC, 'blade-auth': `bearer ${res.body.access_token}` };
  };
  return { app: built.app, services: built.services, routes: [], call, login, close: () => built.app.close(), built };
}

async function startImport(t: TestApp, headers: Record<string, string>, prefix: string): Promise<string> {
  const upload = xlsxUpload(await noticeWorkbook(ROWS, prefix, bad));
  const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'desk/notice' }, headers: { ...headers, ...upload.headers }, payload: upload.payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function titles(t: TestApp, prefix: string): Promise<string[]> {
  const rows = await sql<{ title: string }>`select title from blade_notice where is_deleted = 0 and title like ${`${prefix} %`}`.execute(t.services.system.database.db);
  return rows.rows.map((r) => r.title);
}

async function runningPast(t: TestApp, headers: Record<string, string>, id: string, done: number): Promise<void> {
  for (let job = await waitForJob(t, headers, id, ['running']); job.done < done; job = await waitForJob(t, headers, id, ['running'])) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Stops `first` while its job runs and gives the server that goes on with it. PostgreSQL: a
 * second process, started before the stop, shares the jobs table; PGlite: one process at a time.
 */
async function handOver(first: Awaited<ReturnType<typeof server>>) {
  const second = process.env.DATABASE_URL ? await server() : undefined;
  await first.close();
  return second ?? await server();
}

describe('jobs across server restarts', () => {
  it('an import under way when its server stops is finished by the next server, every good row exactly once', async () => {
    const first = await server();
    const admin = await first.login();
    const id = await startImport(first, admin, 'restarted');
    await runningPast(first, admin, id, 500);
    const next = await handOver(first);
    try {
      const headers = await next.login();
      const job = await waitForJob(next, headers, id);
      expect(job).toMatchObject({ state: 'done', done: ROWS, written: ROWS - badCount, failed: badCount });
      const written = await titles(next, 'restarted');
      expect(written).toHaveLength(ROWS - badCount);
      expect(new Set(written).size).toBe(written.length);
    } finally {
      await next.close();
    }
  }, 600_000);

  it('an export under way when its server stops is written again, whole, by the next server', async () => {
    const first = await server();
    await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
      select 2000000000000 + g, '000000', 'restart export ' || g, (g % 5) + 1, timestamp '2025-01-01 00:00:00' + g * interval '1 minute', '', 1, 1, localtimestamp(0), 1, localtimestamp(0), 1, 0
      from generate_series(1, 30000) g`.execute(first.services.system.database.db);
    const admin = await first.login();
    const started = await first.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload: { model: 'desk/notice', query: { descs: 'release_time' }, columns: 'title' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { id, total } = started.body.data;
    await runningPast(first, admin, id, 2000);
    const next = await handOver(first);
    try {
      const headers = await next.login();
      const job = await waitForJob(next, headers, id);
      expect(job).toMatchObject({ state: 'done', done: total, hasFile: true });
      const rows = await jobWorkbook(next, headers, id);
      expect(rows).toHaveLength(total + 1);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(total);
    } finally {
      await next.close();
    }
  }, 600_000);

  it('a job whose process died mid-batch is taken again when its lease ran out, resuming from the last committed batch', async () => {
    const t = await server();
    try {
      const admin = await t.login();
      const id = await startImport(t, admin, 'orphaned');
      await runningPast(t, admin, id, 500);
      // What a killed process leaves: the job running under a lease nobody renews.
      await sql`update atrium_job set runner = 'dead-process', lease_until = now() - interval '1 second' where id = ${id}`.execute(t.services.system.database.db);
      const job = await waitForJob(t, admin, id);
      expect(job).toMatchObject({ state: 'done', done: ROWS, written: ROWS - badCount, failed: badCount });
      const written = await titles(t, 'orphaned');
      expect(written).toHaveLength(ROWS - badCount);
      expect(new Set(written).size).toBe(written.length);
    } finally {
      await t.close();
    }
  }, 600_000);
});

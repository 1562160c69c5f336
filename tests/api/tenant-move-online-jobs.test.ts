/**
 * An import running while its tenant is moved online into a database of its own, two
 * processes serving (issue 16): the move's fence refuses the job's next batch (503), which
 * is a pause for the job, not its failure nor one of its attempts; once the move is done
 * the job resumes from its checkpoint and writes into the new database only. The move is
 * held at its copy by a lock on another tenant table, so the job surely meets the fence.
 * Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BAD_ROWS, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload } from '../support/jobs.js';
import { addTenant } from '../support/second-tenant.js';
import { ADMIN_PASSWORD, BASIC, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const B = '000001';
const PASSWORD = 'tenant-pw-4';
const ROWS = 6000;
const bad = Object.fromEntries(Object.entries(BAD_ROWS).filter(([n]) => Number(n) <= ROWS));

let one: BuiltApp;
let two: BuiltApp;
let main: { url: string; drop(): Promise<void> };
let own: { url: string; drop(): Promise<void> };
let dataDir: string;

async function query(url: string, text: string, params: unknown[] = []): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

function asTestApp(built: BuiltApp): TestApp {
  const call = async (opts: InjectOptions) => {
    const res = await built.app.inject(opts);
    let body: any = res.body;
    try { body = JSON.parse(res.body); } catch { /* not JSON */ }
    return { status: res.statusCode, body };
  };
  return { app: built.app, services: built.services, call } as unknown as TestApp;
}

async function login(app: BuiltApp, tenantId: string, password: string): Promise<Record<string, string>> {
  const res = await app.app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': tenantId },
    query: { tenantId, username: 'admin', password: md5Hex(password), grant_type: 'password', scope: 'all' } });
  const body = JSON.parse(res.body);
  if (!body.access_token) throw new Error(`login of ${tenantId} failed: ${res.body}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

async function until(what: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !(await what());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const titles = async (url: string) => (await query(url, "select title from blade_notice where tenant_id = $1 and title like '%moving %'", [B])).map((r) => r.title as string);
const jobRow = async (id: string) => (await query(main.url, 'select state, done, attempts from atrium_job where id = $1', [id]))[0];

beforeAll(async () => {
  if (!shared) return;
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-move-jobs-'));
  main = await createTestDatabase(process.env.DATABASE_URL!);
  own = await createTestDatabase(process.env.DATABASE_URL!);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: main.url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', SCHEMA_RELOAD_INTERVAL_MS: '200' },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
  one = await buildApp(config);
  await one.app.ready();
  two = await buildApp(config);
  await two.app.ready();
  await addTenant(one.services, B, PASSWORD);
}, 180_000);

afterAll(async () => {
  if (!shared) return;
  await one?.app.close();
  await two?.app.close();
  await main?.drop();
  await own?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!shared)('an import running while its tenant is moved online (PostgreSQL + Redis, two processes)', () => {
  it('waits out the move and finishes with every good row exactly once, all in the new database', async () => {
    const admin = await login(one, '000000', ADMIN_PASSWORD);
    const b = await login(two, B, PASSWORD);
    const url = new URL(own.url);
    const source = JSON.parse((await one.app.inject({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: admin, payload: {
      name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
    } })).body);

    const upload = xlsxUpload(await noticeWorkbook(ROWS, 'moving', bad));
    const started = await two.app.inject({ method: 'POST', url: '/api/atrium/jobs/import?model=desk%2Fnotice', headers: { ...b, ...upload.headers }, payload: upload.payload });
    expect(started.statusCode, started.body).toBe(200);
    const id = JSON.parse(started.body).data.id as string;
    await until(async () => (await jobRow(id)).done >= 500);

    // Holds the move at its copy (after the fence is confirmed): another tenant table is locked by someone else.
    const blocker = new pg.Client({ connectionString: main.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table manage_customer in access exclusive mode');
    const bound = one.app.inject({ method: 'POST', url: '/api/blade-system/tenant/datasource', headers: admin, query: { tenantId: B, datasourceId: source.data.id } });
    try {
      await until(async () => Number((await blocker.query("select count(*) as n from pg_locks where relation = 'manage_customer'::regclass and not granted")).rows[0].n) > 0);
      expect(one.services.tenantDatabases.moving(B) && two.services.tenantDatabases.moving(B)).toBe(true);
      // The job met the fence before its end: back in the queue, not failed, and taken by no process meanwhile.
      await until(async () => (await jobRow(id)).state !== 'running', 10_000);
      const held = await jobRow(id);
      expect(held.state).toBe('queued');
      expect(held.done).toBeLessThan(ROWS);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await jobRow(id)).toEqual(held);
    } finally {
      await blocker.query('commit');
      await blocker.end();
    }
    const moved = await bound;
    expect(moved.statusCode, moved.body).toBe(200);
    // The other process serves the tenant again once it has read the new binding (within the reload interval).
    await until(() => !two.services.tenantDatabases.moving(B), 5000);

    const job = await waitForJob(asTestApp(two), b, id);
    const failed = Object.keys(bad).length;
    expect(job).toMatchObject({ state: 'done', done: ROWS, written: ROWS - failed, failed });
    const written = await titles(own.url);
    expect(written).toHaveLength(ROWS - failed);
    expect(new Set(written).size).toBe(written.length);
    expect(await titles(main.url)).toEqual([]);
    // The pause cost the job no attempt.
    expect((await jobRow(id)).attempts).toBe(1);
    const sheet = await jobWorkbook(asTestApp(two), b, id);
    expect(sheet.slice(1).map((r) => Number(r[0]))).toEqual(Object.keys(bad).map(Number).map((n) => n + 1).sort((x, y) => x - y));
  }, 300_000);
});

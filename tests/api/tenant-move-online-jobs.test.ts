/**
 * An import running while its tenant is moved online into a database of its own, two
 * processes serving (issue 16): the move's fence refuses the job's next batch (503), which
 * is a pause for the job, not its failure nor one of its attempts; once the move is done
 * the job resumes from its checkpoint and writes into the new database only. The move is
 * held at its copy by a lock on another tenant table, so the job surely meets the fence.
 * Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/server/app.js';
import { asTestApp, BAD_ROWS, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload } from '../support/jobs.js';
import { addTenant } from '../support/second-tenant.js';
import { mainAndOwnDatabases, rowsAt as query, signInOn as login, until, type MainAndOwn } from '../support/main-and-own-databases.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const B = '000001';
const PASSWORD = 'tenant-pw-4';
const ROWS = 6000;
const bad = Object.fromEntries(Object.entries(BAD_ROWS).filter(([n]) => Number(n) <= ROWS));

let one: BuiltApp;
let two: BuiltApp;
let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];

const titles = async (url: string) => (await query(url, "select title from blade_notice where tenant_id = $1 and title like '%moving %'", [B])).map((r) => r.title as string);
const jobRow = async (id: string) => (await query(main.url, 'select state, done, attempts from atrium_job where id = $1', [id]))[0];

beforeAll(async () => {
  if (!shared) return;
  databases = await mainAndOwnDatabases('atrium-move-jobs-');
  ({ main, own } = databases);
  [one, two] = await databases.buildApps(2, { SCHEMA_RELOAD_INTERVAL_MS: '200' });
  await addTenant(one.services, B, PASSWORD);
}, 180_000);

afterAll(async () => {
  if (!shared) return;
  await databases?.drop();
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

/**
 * An import of a tenant in a database of its own, its process killed between the two
 * commits of a batch (issue 16): the batch's rows commit in the tenant's database, its
 * checkpoint (atrium_job, the platform's database) never does. The server that takes the
 * job over neither writes that batch again nor loses its count or its refused rows. The
 * stall between the two commits is a deferred trigger on the platform's atrium_job that
 * sleeps in the first checkpoint's commit; the process is then killed (SIGKILL) and the
 * stalled transaction ended, as a crash leaves it. Needs PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { asTestApp, BAD_ROWS, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload } from '../support/jobs.js';
import { addTenant } from '../support/second-tenant.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { ADMIN_PASSWORD, BASIC } from '../support/test-app.js';
import { JWT_SECRET, mainAndOwnDatabases, rowsAt as query, signInOn as injectLogin, type MainAndOwn } from '../support/main-and-own-databases.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const B = '000001';
const PASSWORD = 'tenant-pw-3';
const ROWS = 1200;
const bad = Object.fromEntries(Object.entries(BAD_ROWS).filter(([n]) => Number(n) <= ROWS));

let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];
let dataDir: string;
let config: Config;
let crashed: ServerProcess | undefined;
let next: BuiltApp | undefined;

async function httpLogin(server: ServerProcess, tenantId: string, password: string): Promise<Record<string, string>> {
  const query = { tenantId, username: 'admin', password: md5Hex(password), grant_type: 'password', scope: 'all' };
  const res = await fetch(`http://127.0.0.1:${server.port}/api/blade-auth/oauth/token?${new URLSearchParams(query)}`, {
    method: 'POST', headers: { authorization: BASIC, 'tenant-id': tenantId },
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login of ${tenantId} failed: ${JSON.stringify(body)}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

const ownTitles = async () => (await query(own.url, "select title from blade_notice where tenant_id = $1 and title like '%crash %'", [B])).map((r) => r.title as string);

beforeAll(async () => {
  if (!onPostgres) return;
  databases = await mainAndOwnDatabases('atrium-tenantdb-jobs-');
  ({ main, own, dataDir } = databases);
  config = databases.config();
  // B in a database of its own, set up by an app that then stops.
  const first = await buildApp(config);
  await first.app.ready();
  try {
    await addTenant(first.services, B, PASSWORD);
    const admin = await injectLogin(first, '000000', ADMIN_PASSWORD);
    const url = new URL(own.url);
    const source = JSON.parse((await first.app.inject({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: admin, payload: {
      name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
    } })).body);
    const bound = JSON.parse((await first.app.inject({ method: 'POST', url: '/api/blade-system/tenant/datasource', headers: admin, query: { tenantId: B, datasourceId: source.data.id } })).body);
    expect(bound.success, JSON.stringify(bound)).toBe(true);
  } finally {
    await first.app.close();
  }
  // The first checkpoint's commit stalls (once: a sequence is not rolled back with its transaction).
  await query(main.url, `create sequence atrium_test_stalls;
    create function atrium_test_stall() returns trigger language plpgsql security definer as $$
    begin
      if nextval('atrium_test_stalls') = 1 then perform pg_sleep(600); end if;
      return null;
    end $$;
    create constraint trigger atrium_test_stall after update on atrium_job deferrable initially deferred
      for each row when (new.done > old.done) execute function atrium_test_stall()`);
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await crashed?.stop();
  await next?.app.close();
  await databases?.drop();
});

describe.skipIf(!onPostgres)('an import of a tenant in a database of its own, its process killed between the two commits (PostgreSQL)', () => {
  it('is finished by the next server with every good row exactly once, and every refused row in its result', async () => {
    crashed = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: main.url, JWT_SECRET, LOG_LEVEL: 'warn' });
    const b = await httpLogin(crashed, B, PASSWORD);
    const upload = xlsxUpload(await noticeWorkbook(ROWS, 'crash', bad));
    const res = await fetch(`http://127.0.0.1:${crashed.port}/api/atrium/jobs/import?model=desk%2Fnotice`, {
      method: 'POST', headers: { ...b, ...upload.headers }, body: new Uint8Array(upload.payload),
    });
    const started = await res.json();
    expect(res.status, JSON.stringify(started)).toBe(200);
    const id = started.data.id as string;

    // The first batch is committed in B's database while its checkpoint's commit sleeps.
    let sleeper: number | undefined;
    for (const until = Date.now() + 120_000; sleeper === undefined && Date.now() < until;) {
      const [row] = await query(main.url, "select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'");
      sleeper = row?.pid;
      if (sleeper === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(sleeper, crashed.output()).toBeDefined();
    const firstBatch = await ownTitles();
    expect(firstBatch.length).toBe(500 - Object.keys(bad).filter((n) => Number(n) <= 500).length);
    expect((await query(main.url, 'select done from atrium_job where id = $1', [id]))[0].done).toBe(0);

    // The crash: the process dies, its unfinished transaction with it.
    process.kill(crashed.pid, 'SIGKILL');
    while (crashed.alive()) await new Promise((r) => setTimeout(r, 20));
    await query(main.url, 'select pg_terminate_backend($1)', [sleeper]);
    expect((await query(main.url, 'select state, done from atrium_job where id = $1', [id]))[0]).toEqual({ state: 'running', done: 0 });

    // The next server takes the job once the dead runner's lease ran out (made so at once here).
    next = await buildApp(config);
    await next.app.ready();
    await query(main.url, "update atrium_job set lease_until = now() - interval '1 second' where id = $1", [id]);
    const headers = await injectLogin(next, B, PASSWORD);
    const job = await waitForJob(asTestApp(next), headers, id);
    const failed = Object.keys(bad).length;
    expect(job).toMatchObject({ state: 'done', done: ROWS, written: ROWS - failed, failed });
    const written = await ownTitles();
    expect(written).toHaveLength(ROWS - failed);
    expect(new Set(written).size).toBe(written.length);
    const sheet = await jobWorkbook(asTestApp(next), headers, id);
    expect(sheet.slice(1).map((r) => Number(r[0]))).toEqual(Object.keys(bad).map(Number).map((n) => n + 1).sort((x, y) => x - y));
    expect(await query(own.url, 'select job_id from atrium_job_batch')).toEqual([]);
  }, 300_000);
});

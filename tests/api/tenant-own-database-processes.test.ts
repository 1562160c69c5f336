/**
 * A tenant moved into a database of its own while two processes serve (issue 16), with row
 * security on the shared database: the process that did not move it follows within the
 * reload interval (the bindings' generation in Redis), and both serve the tenant from its
 * database while the shared one keeps the other tenants behind their policies. While it
 * moves, both refuse its requests (the fence), and neither writes where its rows were.
 * Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/server/app.js';
import { addTenant } from '../support/second-tenant.js';
import { mainAndOwnDatabases, rowsAt, signInOn as login, until, type MainAndOwn } from '../support/main-and-own-databases.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const B = '000001';
const C = '000002';
const PASSWORD = 'tenant-pw-2';

let one: BuiltApp;
let two: BuiltApp;
let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];
let datasourceId: string;

async function call(app: BuiltApp, method: 'GET' | 'POST', url: string, headers: Record<string, string>, opts: { query?: Record<string, string>; payload?: unknown } = {}) {
  const res = await app.app.inject({ method, url, headers, query: opts.query, payload: opts.payload as any });
  return JSON.parse(res.body);
}

const count = async (url: string, tenantId: string) => Number((await rowsAt(url, 'select count(*) as n from manage_customer where tenant_id = $1', [tenantId]))[0].n);

const names = async (app: BuiltApp, headers: Record<string, string>) =>
  (await call(app, 'GET', '/api/blade-manage/customer/list', headers, { query: { current: '1', size: '50' } })).data.records.map((r: any) => r.customerName).sort();

beforeAll(async () => {
  if (!shared) return;
  databases = await mainAndOwnDatabases('atrium-tenantdb2-');
  ({ main, own } = databases);
  [one, two] = await databases.buildApps(2, { ROW_SECURITY: 'on', SCHEMA_RELOAD_INTERVAL_MS: '200' });
  await addTenant(one.services, B, PASSWORD);
  await addTenant(one.services, C, PASSWORD);
}, 180_000);

afterAll(async () => {
  if (!shared) return;
  await databases?.drop();
});

describe.skipIf(!shared)('a tenant moved while two processes serve, row security on (PostgreSQL + Redis)', () => {
  it('is followed by the other process within the reload interval, and served from its database by both', async () => {
    const admin = await login(one, '000000', ADMIN_PASSWORD);
    const b = await login(two, B, PASSWORD);
    expect((await call(two, 'POST', '/api/blade-manage/customer/submit', b, { payload: { customerName: 'B shared' } })).success).toBe(true);
    expect((await call(one, 'POST', '/api/blade-manage/customer/submit', admin, { payload: { customerName: 'A row' } })).success).toBe(true);
    const url = new URL(own.url);
    const source = await call(one, 'POST', '/api/blade-develop/datasource/submit', admin, { payload: {
      name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
    } });
    datasourceId = source.data.id;
    const bound = await call(one, 'POST', '/api/blade-system/tenant/datasource', admin, { query: { tenantId: B, datasourceId } });
    expect(bound.success, JSON.stringify(bound)).toBe(true);
    expect(await count(own.url, B)).toBe(1);
    expect(await count(main.url, B)).toBe(0);

    const started = Date.now();
    // Followed: it knows the binding and has read the fence lifted (a reload may see the binding while the fence still stands: it then refuses B, 503).
    const followed = () => two.services.tenantDatabases.bindingOf(B) !== undefined && !two.services.tenantDatabases.moving(B);
    while (!followed() && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - started).toBeLessThan(2000);

    const added = await call(two, 'POST', '/api/blade-manage/customer/submit', b, { payload: { customerName: 'B own' } });
    expect(added.success, JSON.stringify(added)).toBe(true);
    expect(await count(own.url, B)).toBe(2);
    expect(await count(main.url, B)).toBe(0);
    expect(await names(one, await login(one, B, PASSWORD))).toEqual(['B own', 'B shared']);
    expect(await names(two, b)).toEqual(['B own', 'B shared']);
    expect(await names(one, admin)).toEqual(['A row']);
  });

  it('is refused on every process while it moves (503, in the caller\'s language), and no process writes into the database it left', async () => {
    const admin = await login(one, '000000', ADMIN_PASSWORD);
    const c = await login(two, C, PASSWORD);
    expect((await call(two, 'POST', '/api/blade-manage/customer/submit', c, { payload: { customerName: 'C shared' } })).success).toBe(true);
    // Holds the move at its copy: the source table is locked by someone else.
    const blocker = new pg.Client({ connectionString: main.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table manage_customer in access exclusive mode');
    const bound = call(one, 'POST', '/api/blade-system/tenant/datasource', admin, { query: { tenantId: C, datasourceId } });
    try {
      await until(() => two.services.tenantDatabases.moving(C) && one.services.tenantDatabases.moving(C));
      // Both processes have confirmed the fence once the move waits on the lock.
      await until(async () => Number((await blocker.query("select count(*) as n from pg_locks where relation = 'manage_customer'::regclass and not granted")).rows[0].n) > 0);
      for (const [app, lang, msg] of [[two, 'en', "tenant 000002's data is being moved to another database; try again in a moment"], [one, 'zh', '租户 000002 的数据正在迁移到另一个数据库，请稍后再试']] as const) {
        const res = await app.app.inject({ method: 'GET', url: '/api/blade-manage/customer/list', headers: { ...c, 'accept-language': lang } });
        expect(res.statusCode, res.body).toBe(503);
        expect(JSON.parse(res.body).msg).toBe(msg);
      }
    } finally {
      await blocker.query('commit');
      await blocker.end();
    }
    expect((await bound).success).toBe(true);
    // At once on the process that did not move it: refused until it has read the new binding, then written there.
    let written = 0;
    await until(async () => {
      const res = await two.app.inject({ method: 'POST', url: '/api/blade-manage/customer/submit', headers: c, payload: { customerName: `C after ${written}` } });
      if (res.statusCode === 200) written += 1;
      else expect(res.statusCode, res.body).toBe(503);
      return written > 0;
    });
    expect(await count(main.url, C)).toBe(0);
    expect(await count(own.url, C)).toBe(2);
    expect(await names(two, c)).toEqual(['C after 0', 'C shared']);
  });
});

/**
 * An online move while a server does not follow tenant moves (SCHEMA_RELOAD_INTERVAL_MS=0
 * with REDIS_URL; issue 16): that server would never confirm the move's fence, so the move
 * is refused saying why and which setting — at once on that server, after the wait on
 * another — and the tenant stays served where it was. Needs PostgreSQL and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/server/app.js';
import { addTenant } from '../support/second-tenant.js';
import { mainAndOwnDatabases, rowsAt, signInOn as login, type MainAndOwn } from '../support/main-and-own-databases.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const B = '000001';
const PASSWORD = 'tenant-pw-6';

let following: BuiltApp;
let still: BuiltApp;
let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];

const customersInMain = async () => Number((await rowsAt(main.url, 'select count(*) as n from manage_customer where tenant_id = $1', [B]))[0].n);

beforeAll(async () => {
  if (!shared) return;
  databases = await mainAndOwnDatabases('atrium-move-unfollowed-');
  ({ main, own } = databases);
  [following] = await databases.buildApps(1, { SCHEMA_RELOAD_INTERVAL_MS: '200' });
  [still] = await databases.buildApps(1, { SCHEMA_RELOAD_INTERVAL_MS: '0' });
  await addTenant(following.services, B, PASSWORD);
}, 180_000);

afterAll(async () => {
  if (!shared) return;
  await databases?.drop();
});

describe.skipIf(!shared)('an online move while a server runs with SCHEMA_RELOAD_INTERVAL_MS=0 (PostgreSQL + Redis)', () => {
  it('is refused naming the setting, at once on that server and after the wait on another, and the tenant stays where it was', async () => {
    const admin = { ...(await login(following, '000000', ADMIN_PASSWORD)), 'accept-language': 'en' };
    const b = await login(still, B, PASSWORD);
    expect((await still.app.inject({ method: 'POST', url: '/api/blade-manage/customer/submit', headers: b, payload: { customerName: 'B stays' } })).statusCode).toBe(200);
    const url = new URL(own.url);
    const source = JSON.parse((await following.app.inject({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: admin, payload: {
      name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
    } })).body);
    const bind = (app: BuiltApp, headers: Record<string, string>) =>
      app.app.inject({ method: 'POST', url: '/api/blade-system/tenant/datasource', headers, query: { tenantId: B, datasourceId: source.data.id } });

    const started = Date.now();
    const here = await bind(still, { ...(await login(still, '000000', ADMIN_PASSWORD)), 'accept-language': 'zh' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(here.statusCode, here.body).toBe(400);
    expect(JSON.parse(here.body).msg).toBe('本服务进程不跟随租户迁移(设置了 REDIS_URL 且 SCHEMA_RELOAD_INTERVAL_MS=0)，迁移无法得到确认，数据未迁移。请在每个服务进程上把 SCHEMA_RELOAD_INTERVAL_MS 设为大于 0，或停止服务后用 npm run tenant:move 迁移');

    const there = await bind(following, admin);
    expect(there.statusCode, there.body).toBe(503);
    expect(JSON.parse(there.body).msg).toBe('1 of 2 servers confirmed within 5 s that they stopped serving the tenant; nothing was moved. '
      + 'A server confirms only if it follows tenant moves (REDIS_URL set and SCHEMA_RELOAD_INTERVAL_MS above 0; 0 turns that off) and once its requests of the tenant under way have ended');

    for (const app of [following, still]) {
      expect(app.services.tenantDatabases.bindingOf(B)).toBeUndefined();
      const list = await app.app.inject({ method: 'GET', url: '/api/blade-manage/customer/list', headers: b });
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.parse(list.body).data.records.map((r: any) => r.customerName)).toEqual(['B stays']);
    }
    expect(await customersInMain()).toBe(1);
  }, 120_000);
});

/**
 * A tenant in a database of its own against every authenticated endpoint (issue 16): a
 * statement that reads its tables together with the platform's cannot run once its tables
 * are elsewhere (tenant-router.ts refuses it, a 500). Tenant B's administrator calls every
 * route with B's own ids while B is in the shared database, then again once B has a database
 * of its own: no route may fail only in the second walk. Needs PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { moveTenantRows } from '../../src/server/modules/tenant/tenant-database-move.js';
import { addTenant } from '../support/second-tenant.js';
import { sampleRecord } from '../support/sample-record.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const B = '000001';
const PASSWORD = 'tenant-b-pw';

let t: TestApp;
let own: { url: string; drop(): Promise<void> };
const bByEntity = new Map<string, string>();

function paramsFor(url: string): Record<string, string> {
  const any = (key: string) => bByEntity.get(key) ?? '';
  const model = t.services.models.find((m) => url.includes(`${m.apiPath}/`));
  const id = (model && bByEntity.get(model.key)) ?? any('system/user');
  return {
    id, ids: id, tenantId: B, parentId: id, roleId: any('system/role'), roleIds: any('system/role'),
    userId: any('system/user'), userIds: any('system/user'), deptId: any('system/dept'), topMenuId: any('system/top-menu'),
    topMenuIds: any('system/top-menu'), postId: any('system/post'), businessId: id, code: 'tenant-b', current: '1', size: '200',
  };
}

/** Every authenticated GET and POST route called as B's administrator: those answering 5xx, with their message. */
async function walk(headers: Record<string, string>): Promise<Map<string, string>> {
  const targets = t.routes.filter((r) => !r.open && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')
    && !r.url.includes('/oauth/') && ['GET', 'POST'].includes(r.method) && !r.url.includes(':'));
  expect(targets.length).toBeGreaterThan(40);
  const failed = new Map<string, string>();
  for (const route of targets) {
    const query = paramsFor(route.url);
    const payload = route.method === 'POST' ? { ...query, roleIds: [query.roleId], menuIds: [], userIds: [query.userId], topMenuIds: [query.topMenuId] } : undefined;
    const res = await t.call({ method: route.method as 'GET' | 'POST', url: route.url, headers, query, payload });
    if (res.status >= 500) failed.set(`${route.method} ${route.url}`, typeof res.body === 'string' ? res.body.slice(0, 200) : String(res.body?.msg));
  }
  return failed;
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp();
  await addTenant(t.services, B, PASSWORD);
  for (const model of t.services.models.filter((m) => m.tenancy === 'tenant' && !m.datasource && (m.endpoints.submit || m.key === 'system/user'))) {
    const values = sampleRecord(model);
    if ('code' in values) values.code = 'tenant-b';
    bByEntity.set(model.key, await t.services.system.repo.insert(model, systemContext(B), values));
  }
  own = await createTestDatabase(process.env.DATABASE_URL!);
  const url = new URL(own.url);
  const admin = await t.login();
  const res = await t.call({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: admin, payload: {
    name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
  } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  bByEntity.set('develop/datasource', res.body.data.id);
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await t?.close();
  await own?.drop();
});

describe.skipIf(!onPostgres)('a tenant in a database of its own against every endpoint (PostgreSQL)', () => {
  it('fails on no endpoint that works while it shares the platform\'s database', async () => {
    const shared = await walk(await t.login({ tenantId: B, password: PASSWORD }));
    await moveTenantRows(t.services, B, bByEntity.get('develop/datasource')!, true);
    expect(t.services.tenantDatabases.bindingOf(B)).toBe(bByEntity.get('develop/datasource'));
    const bound = await walk(await t.login({ tenantId: B, password: PASSWORD }));
    const onlyBound = [...bound].filter(([route]) => !shared.has(route)).map(([route, msg]) => `${route}: ${msg}`);
    expect(onlyBound).toEqual([]);
  }, 300_000);
});

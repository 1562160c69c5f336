import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { tenantRowScope } from '../../src/server/modules/tenant/tenant-scope.js';
import { systemContext } from '../../src/server/app-services.js';
import { addTenant } from '../support/second-tenant.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let tenant: { id: string; tenantId: string };
let tenantAdmin: Record<string, string>;

const post = (url: string, query: Record<string, string>, headers = admin) => t.call({ method: 'POST', url: `/api${url}`, headers, query });
const get = (url: string, query: Record<string, string> = {}, headers = admin) => t.call({ method: 'GET', url: `/api${url}`, headers, query });
const detail = async (id: string) => (await get('/blade-system/tenant/detail', { id })).body.data;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  const res = await t.call({
    method: 'POST', url: '/api/blade-system/tenant/submit', headers: admin,
    payload: { tenantName: 'Second', linkman: 'Lee', domainUrl: 'https://second.example.com', backgroundUrl: '/img/second.png' },
  });
  tenant = res.body.data;
  tenantAdmin = await t.login({ tenantId: tenant.tenantId, password: '123456' });
});
afterAll(() => t?.close());

describe('GET /blade-system/tenant/info', () => {
  it('answers the tenant bound to a domain, without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-system/tenant/info', query: { domain: 'https://second.example.com' } });
    expect(res.body).toMatchObject({ code: 200, data: { tenantId: tenant.tenantId, domain: 'https://second.example.com', backgroundUrl: '/img/second.png' } });
    const bare = await t.call({ method: 'GET', url: '/blade-system/tenant/info', query: { domain: 'https://second.example.com' } });
    expect(bare.body.data.tenantId).toBe(tenant.tenantId);
  });

  it('answers {} for an unknown or missing domain', async () => {
    expect((await t.call({ method: 'GET', url: '/api/blade-system/tenant/info', query: { domain: 'https://nobody.example.com' } })).body.data).toEqual({});
    expect((await t.call({ method: 'GET', url: '/api/blade-system/tenant/info' })).body.data).toEqual({});
  });
});

describe('tenant settings of the platform administrator', () => {
  it('sets quota and expiry of several tenants at once, from the query or a form body', async () => {
    const other = (await t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers: admin, payload: { tenantName: 'Third', linkman: 'Lee' } })).body.data;
    const res = await post('/blade-system/tenant/setting', { ids: `${tenant.id},${other.id}`, accountNumber: '20', expireTime: '2099-12-31 23:59:59' });
    expect(res.body).toMatchObject({ code: 200, success: true });
    for (const id of [tenant.id, other.id]) expect(await detail(id)).toMatchObject({ accountNumber: 20, expireTime: '2099-12-31 23:59:59' });

    const form = await t.call({
      method: 'POST', url: '/api/blade-system/tenant/setting',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ids=${other.id}&accountNumber=5`,
    });
    expect(form.body.code).toBe(200);
    expect(await detail(other.id)).toMatchObject({ accountNumber: 5, expireTime: '2099-12-31 23:59:59' });
  });

  it('refuses malformed settings and unknown ids, changing nothing', async () => {
    expect((await post('/blade-system/tenant/setting', { accountNumber: '3' })).status).toBe(400);
    expect((await post('/blade-system/tenant/setting', { ids: tenant.id, expireTime: '2099-02-30 00:00:00' })).status).toBe(400);
    expect((await post('/blade-system/tenant/setting', { ids: tenant.id, accountNumber: 'many' })).status).toBe(400);
    const unknown = await post('/blade-system/tenant/setting', { ids: `${tenant.id},123456789012345678`, accountNumber: '99' });
    expect(unknown.status).toBe(404);
    expect((await detail(tenant.id)).accountNumber).not.toBe(99);
  });

  // Binding moves the tenant's rows (tenant-own-database.test.ts): here, what it refuses.
  it('refuses to bind a data source it cannot move the tenant to, changing nothing', async () => {
    const res = await post('/blade-system/tenant/datasource', { tenantId: tenant.tenantId, datasourceId: '1123598812738675201' });
    // Embedded platform database: tenants cannot have databases of their own; PostgreSQL: no such data source.
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(process.env.DATABASE_URL ? '数据源不存在: 1123598812738675201' : '平台数据库为 PostgreSQL(DATABASE_URL)时租户才能使用独立数据库');
    expect((await detail(tenant.id)).datasourceId ?? '').toBe('');
    expect((await post('/blade-system/tenant/datasource', { tenantId: 'nope', datasourceId: '1' })).status).toBe(404);
  });

  it('sets, reads and clears the tenant package', async () => {
    expect((await get('/blade-system/tenant/package-detail', { tenantId: tenant.tenantId })).body.data).toEqual({});
    const pkg = (await t.call({ method: 'POST', url: '/api/blade-system/tenant-package/submit', headers: admin, payload: { packageName: 'Gold', menuId: '1,2' } })).body.data;
    expect((await post('/blade-system/tenant/package-setting', { tenantId: tenant.tenantId, packageId: pkg.id })).body.code).toBe(200);
    expect((await detail(tenant.id)).packageId).toBe(pkg.id);
    const read = await get('/blade-system/tenant/package-detail', { tenantId: tenant.tenantId });
    expect(read.body.data).toMatchObject({ id: pkg.id, packageName: 'Gold', menuId: '1,2' });

    const missing = await post('/blade-system/tenant/package-setting', { tenantId: tenant.tenantId, packageId: '123456789012345678' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('产品包不存在或已被删除');

    expect((await post('/blade-system/tenant/package-setting', { tenantId: tenant.tenantId, packageId: '' })).body.code).toBe(200);
    expect((await get('/blade-system/tenant/package-detail', { tenantId: tenant.tenantId })).body.data).toEqual({});
  });
});

describe('callers other than the platform administrator', () => {
  async function expectRefused(headers: Record<string, string>) {
    const moduleCalls = [
      post('/blade-system/tenant/setting', { ids: tenant.id, accountNumber: '1' }, headers),
      post('/blade-system/tenant/datasource', { tenantId: tenant.tenantId, datasourceId: '1' }, headers),
      post('/blade-system/tenant/package-setting', { tenantId: tenant.tenantId, packageId: '' }, headers),
      get('/blade-system/tenant/package-detail', { tenantId: tenant.tenantId }, headers),
    ];
    for (const res of await Promise.all(moduleCalls)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, success: false, msg: '仅平台管理员(管理租户的超级管理员)可以管理租户' });
    }
    // Engine writes: the button check may refuse first, with its own 403 message.
    const engineCalls = [
      t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers, payload: { tenantName: 'Rogue', linkman: 'x' } }),
      t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers, payload: { id: tenant.id, tenantName: 'Renamed', linkman: 'x' } }),
      post('/blade-system/tenant/remove', { ids: tenant.id }, headers),
    ];
    const [insert, ...onExisting] = await Promise.all(engineCalls);
    expect(insert.body).toMatchObject({ code: 403, success: false });
    // A row outside the caller's read scope is not even found.
    for (const res of onExisting) expect([403, 404]).toContain(res.body.code);
  }

  it('refuses tenant writes and settings to a provisioned tenant admin with 403, changing nothing', async () => {
    const before = await detail(tenant.id);
    await expectRefused(tenantAdmin);
    expect(await detail(tenant.id)).toEqual(before);
    const rogue = await get('/blade-system/tenant/list', { tenantName: 'Rogue' });
    expect(rogue.body.data.total).toBe(0);
  });

  it('refuses them also to an `administrator` of another tenant', async () => {
    await addTenant(t.services, '900001', 'other-admin-pw');
    const headers = await t.login({ tenantId: '900001', password: 'other-admin-pw' });
    await expectRefused(headers);
    const en = await post('/blade-system/tenant/setting', { ids: tenant.id }, { ...headers, 'accept-language': 'en' });
    expect(en.body.msg).toContain('only the platform administrator');
  });

  it('sees only its own tenant row through list, select and detail', async () => {
    await addTenant(t.services, '900002', 'third-admin-pw');
    const headers = await t.login({ tenantId: '900002', password: 'third-admin-pw' });
    for (const action of ['list', 'select', 'find-by-name']) {
      const res = await get(`/blade-system/tenant/${action}`, { size: '200' }, headers);
      const rows = Array.isArray(res.body.data) ? res.body.data : res.body.data.records;
      expect(rows.map((r: any) => r.tenantId), action).toEqual(['900002']);
    }
    expect((await get('/blade-system/tenant/detail', { id: tenant.id }, headers)).status).toBe(404);
    // Not even right after the platform administrator read it (kept rows), nor alongside its reads.
    const both = await Promise.all(Array.from({ length: 12 }, (_, n) => get('/blade-system/tenant/detail', { id: tenant.id }, n % 2 ? headers : undefined)));
    expect(both.map((r) => r.status)).toEqual(Array.from({ length: 12 }, (_, n) => (n % 2 ? 404 : 200)));
    expect((await get('/blade-system/tenant/detail', { id: tenant.id }, headers)).status).toBe(404);
  });

  it('reads only its own tenant row through the tenant row scope', async () => {
    const model = t.services.model('system/tenant');
    const ctx = { ...systemContext(tenant.tenantId), isSystem: false, roleAliases: ['admin'] };
    const rows = await t.services.system.repo.list(model, ctx, { conditions: [], order: [], scope: tenantRowScope(model, ctx) });
    expect(rows.map((r) => r.tenantId)).toEqual([tenant.tenantId]);
    const platform = { ...systemContext(), isSystem: false, roleAliases: ['administrator'] };
    expect(tenantRowScope(model, platform)).toBeUndefined();
  });
});

describe('GET /blade-system/tenant/find-by-name', () => {
  it('finds the tenants whose name contains the text', async () => {
    const rows = (await get('/blade-system/tenant/find-by-name', { name: 'econ' })).body.data;
    expect(rows.map((r: any) => r.tenantId)).toEqual([tenant.tenantId]);
    expect((await get('/blade-system/tenant/find-by-name', { name: 'no such tenant' })).body.data).toEqual([]);
  });
});

describe('signing in with the provisioned account', () => {
  it('uses md5 of account.initPassword, as the console sends it', async () => {
    const res = await t.call({
      method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
      query: { tenantId: tenant.tenantId, username: 'admin', password: md5Hex('123456'), grant_type: 'password' },
    });
    expect(res.body.access_token).toBeTruthy();
  });
});

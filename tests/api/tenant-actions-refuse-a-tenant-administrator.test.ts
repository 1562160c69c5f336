/**
 * The tenant actions issue 31 moved onto schema actions with forms (授权配置, 产品包配置, 数据源配置)
 * guard the platform's licence: a tenant's own administrator, aiming at the platform or at
 * another tenant, is refused every time, also by 20 calls at once, and no row changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let tenantAdmin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  admin = await t.login();
  await addTenant(t.services, '654321', 'b-admin-pw');
  tenantAdmin = await t.login({ tenantId: '654321', username: 'admin', password: 'b-admin-pw' });
});
afterAll(() => t?.close());

const tenants = async () => (await t.call({ method: 'GET', url: '/api/blade-system/tenant/list', headers: admin, query: { size: '100' } })).body.data.records as { id: string; tenantId: string; accountNumber: number; expireTime: string | null; packageId?: string }[];

describe('tenant actions with forms, called by a tenant administrator', () => {
  it('refuses 授权配置, 产品包配置 and 数据源配置 for the platform and for the caller\'s own tenant, 20 at once, changing no row', async () => {
    const before = await tenants();
    const platform = before.find((r) => r.tenantId === '000000')!;
    const own = before.find((r) => r.tenantId === '654321')!;
    const calls = [platform, own].flatMap((row) => [
      { url: '/api/blade-system/tenant/setting', payload: { ids: row.id, accountNumber: 999 } },
      { url: '/api/blade-system/tenant/package-setting', payload: { tenantId: row.tenantId, packageId: '1' } },
      { url: '/api/blade-system/tenant/datasource', payload: { tenantId: row.tenantId, datasourceId: '1' } },
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => calls[i % calls.length]!).map((c) =>
      t.call({ method: 'POST', url: c.url, headers: tenantAdmin, payload: c.payload })));
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toMatchObject({ success: false, msg: '仅平台管理员(管理租户的超级管理员)可以管理租户' });
    }
    expect(await tenants()).toEqual(before);
  });
});

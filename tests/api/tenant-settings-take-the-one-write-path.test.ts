/**
 * 授权配置 and 产品包配置 write the tenant row by the engine's one write path: the tenant's
 * write hooks see each write, as they see a submit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord } from '../../src/server/engine/record-codec.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
const seen: EntityRecord[] = [];

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  t.services.hooks.on('system/tenant', { async beforeWrite({ values, isInsert }) { if (!isInsert) seen.push({ ...values }); } });
  admin = await t.login();
});
afterAll(() => t?.close());

describe('the tenant settings actions', () => {
  it('pass each write through the tenant\'s write hooks', async () => {
    const created = await t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers: admin, payload: { tenantName: 'Hooked', linkman: 'H' } });
    const tenant = created.body.data;
    seen.length = 0;
    const setting = await t.call({ method: 'POST', url: '/api/blade-system/tenant/setting', headers: admin, payload: { ids: tenant.id, accountNumber: 7 } });
    expect(setting.body.code).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ accountNumber: 7 })]);
    const pkg = (await t.call({ method: 'POST', url: '/api/blade-system/tenant-package/submit', headers: admin, payload: { packageName: 'Hooked', menuId: '1' } })).body.data;
    const packaged = await t.call({ method: 'POST', url: '/api/blade-system/tenant/package-setting', headers: admin, payload: { tenantId: tenant.tenantId, packageId: pkg.id } });
    expect(packaged.body.code).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ accountNumber: 7 }), expect.objectContaining({ packageId: pkg.id })]);
  });
});

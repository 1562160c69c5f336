/** The routes this session moved onto the engine, fired 20 at once by a tenant administrator aiming at the platform: nothing of it is read or written. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ seedRegions: false }); });
afterAll(() => t?.close());

it('a tenant administrator reaches nothing of the platform through the moved routes, 20 at once', async () => {
  await addTenant(t.services, '654321', 'b-admin-pw');
  const b = await t.login({ tenantId: '654321', username: 'admin', password: 'b-admin-pw' });
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  const platformAdmin = String(roles.find((r) => r.roleAlias === 'administrator' && r.tenantId === '000000')!.id);
  const calls = Array.from({ length: 20 }, (_, i) => [
    t.call({ method: 'GET', url: '/api/blade-system/tenant/package-detail', headers: b, query: { tenantId: '000000' } }),
    t.call({ method: 'GET', url: '/api/blade-system/menu/role-tree-keys', headers: b, query: { roleIds: platformAdmin } }),
    t.call({ method: 'POST', url: '/api/blade-user/update-info', headers: b, payload: { realName: `B${i}`, tenantId: '000000', id: '1' } }),
    t.call({ method: 'GET', url: '/api/blade-user/platform-detail', headers: b, query: { id: '1' } }),
  ]).flat();
  const answers = await Promise.all(calls);
  for (let i = 0; i < answers.length; i += 4) {
    expect(answers[i].status).toBe(403);
    expect(answers[i + 1].body.data).toEqual({ menu: [], dataScope: [], apiScope: [] });
    expect(answers[i + 2].status).toBe(200);
    expect([403, 404]).toContain(answers[i + 3].status);
  }
  const info = (await t.call({ method: 'GET', url: '/api/blade-user/info', headers: b })).body.data;
  expect(info.tenantId).toBe('654321');
  expect(info.realName).toMatch(/^B\d+$/);
  const platformUser = (await t.call({ method: 'GET', url: '/api/blade-user/info', headers: await t.login() })).body.data;
  expect(platformUser.realName).toBe('管理员');
});

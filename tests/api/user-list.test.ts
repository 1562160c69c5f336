import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /blade-user/user-list, the approver picker of the leave form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedRegions: false });
    await addTenant(t.services, '654321', 'b-admin-pw');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a user who reaches 发起事务 (the seeded hr) the tenant's users, without password hashes", async () => {
    const headers = await t.login({ username: 'hr', password: '123456' });
    const res = await t.call({ method: 'GET', url: '/api/blade-user/user-list', headers });
    expect(res.status).toBe(200);
    const accounts = res.body.data.map((u: { account: string }) => u.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'hr', 'manager', 'boss']));
    expect(res.body.data.find((u: { account: string }) => u.account === 'manager')).toMatchObject({ id: expect.stringMatching(/^\d+$/), realName: '经理' });
    for (const user of res.body.data) expect(user.password ?? '').toBe('');
  });

  it('refuses a user who reaches neither the user screen nor 发起事务', async () => {
    const dept = (await deptIds(t.services))['常州布雷德'];
    await addRoleAndUser(t.services, { roleAlias: 'nobody', account: 'nobody', password: 'nobody-pw', deptId: dept });
    const headers = await t.login({ username: 'nobody', password: 'nobody-pw' });
    const res = await t.call({ method: 'GET', url: '/api/blade-user/user-list', headers });
    expect(res.status).toBe(403);
  });

  it("never lists another tenant's users, and needs a signed-in caller", async () => {
    const headers = await t.login({ tenantId: '654321', username: 'admin', password: 'b-admin-pw' });
    const res = await t.call({ method: 'GET', url: '/blade-user/user-list', headers });
    expect(res.body.data.map((u: { realName: string }) => u.realName)).toEqual(['B admin']);
    const anonymous = await t.call({ method: 'GET', url: '/api/blade-user/user-list' });
    expect(anonymous.status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Tenant B's administrator against every /blade-user endpoint, with tenant A's ids. */
let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
const A: Record<'user' | 'dept' | 'role' | 'post', string> = { user: '', dept: '', role: '', post: '' };

const call = (headers: Record<string, string>, method: 'GET' | 'POST', action: string, opts: { query?: Record<string, string>; payload?: object } = {}) =>
  t.call({ method, url: `/api/blade-user/${action}`, headers, ...opts });

/** Tenant A's user rows and links, exactly as stored. */
const snapshotOfA = async () => JSON.stringify([
  await t.services.system.repo.db.selectFrom('blade_user').selectAll().where('tenant_id', '=', '000000').orderBy('id').execute(),
  await t.services.system.repo.db.selectFrom('blade_user_dept').selectAll().where('user_id', '=', A.user).execute(),
  await t.services.system.repo.db.selectFrom('blade_user_web').selectAll().where('user_id', '=', A.user).execute(),
]);

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  const ctx = systemContext();
  const first = async (key: string) => String((await t.services.system.repo.list(t.services.model(key), ctx, { conditions: [], order: [] }))[0].id);
  A.role = await first('system/role');
  A.dept = await first('system/dept');
  A.post = await first('system/post');
  const created = await call(a, 'POST', 'submit', { payload: { account: 'tenant-a-user', name: 'n', realName: 'ra', password: 'a-pw', roleId: A.role, deptId: A.dept, postId: A.post } });
  A.user = String(created.body.data.id);
  expect((await call(a, 'POST', 'update-platform', { query: { userId: A.user, userType: '1', userExt: 'a-ext' } })).body.code).toBe(200);
  await addTenant(t.services, '000003', 'tenant-b-pw');
  b = await t.login({ tenantId: '000003', password: 'tenant-b-pw' });
});
afterAll(() => t?.close());

describe('tenant B against tenant A\'s users', () => {
  it('reads none of them', async () => {
    const byDept = await call(b, 'GET', 'page', { query: { deptId: A.dept, size: '200' } });
    expect(byDept.body.data.records).toEqual([]);
    for (const action of ['page', 'list']) {
      const text = JSON.stringify((await call(b, 'GET', action, { query: { size: '200' } })).body);
      expect(text, action).not.toContain(A.user);
      expect(text, action).not.toContain('tenant-a-user');
    }
    expect((await call(b, 'GET', 'detail', { query: { id: A.user } })).status).toBe(404);
    expect((await call(b, 'GET', 'platform-detail', { query: { id: A.user } })).status).toBe(404);
    const info = (await call(b, 'GET', 'info')).body.data;
    expect(info.tenantId).toBe('000003');
  });

  it('changes none of them, through any write', async () => {
    const before = await snapshotOfA();
    const refusals: Array<[string, Record<string, string> | undefined, object | undefined, number]> = [
      ['submit', undefined, { id: A.user, realName: 'hacked' }, 404],
      ['update', undefined, { id: A.user, realName: 'hacked' }, 404],
      ['remove', { ids: A.user }, undefined, 404],
      ['reset-password', { userIds: A.user }, undefined, 404],
      ['grant', { userIds: A.user, roleIds: A.role }, undefined, 404],
      ['unlock', { userIds: A.user }, undefined, 404],
      ['update-platform', { userId: A.user, userType: '1', userExt: 'hacked' }, undefined, 404],
    ];
    for (const [action, query, payload, status] of refusals) {
      const res = await call(b, 'POST', action, { query, payload });
      expect(res.status, action).toBe(status);
    }
    const own = (await call(b, 'GET', 'info')).body.data.id;
    expect((await call(b, 'POST', 'update-info', { payload: { id: A.user, realName: 'B self' } })).body.code).toBe(200);
    expect((await call(b, 'GET', 'info')).body.data).toMatchObject({ id: own, realName: 'B self' });
    const password = { oldPassword: md5Hex('tenant-b-pw'), newPassword: md5Hex('tenant-b-pw'), newPassword1: md5Hex('tenant-b-pw'), id: A.user };
    expect((await call(b, 'POST', 'update-password', { query: password })).body.code).toBe(200);
    expect(await snapshotOfA()).toBe(before);
  });

  it('never links a user of B to a role, department or post of A', async () => {
    b = await t.login({ tenantId: '000003', password: 'tenant-b-pw' }); // a password change may end sessions
    const own = (await call(b, 'GET', 'info')).body.data.id;
    const ownOf = async (key: string) => String((await t.services.system.repo.list(t.services.model(key), systemContext('000003'), { conditions: [], order: [] }))[0].id);
    const valid = { name: 'n', realName: 'rb', password: 'b-pw', roleId: await ownOf('system/role'), deptId: await ownOf('system/dept') };
    for (const field of ['roleId', 'deptId', 'postId'] as const) {
      const ref = { roleId: A.role, deptId: A.dept, postId: A.post }[field];
      const insert = await call(b, 'POST', 'submit', { payload: { ...valid, account: `b-${field}`, [field]: ref } });
      expect(insert.status, field).toBe(400);
      expect(insert.body.fieldErrors?.[field], field).toBeTruthy();
      const update = await call(b, 'POST', 'submit', { payload: { id: own, [field]: ref } });
      expect(update.status, field).toBe(400);
    }
    expect((await call(b, 'POST', 'grant', { query: { userIds: own, roleIds: A.role } })).status).toBe(400);
    const page = (await call(b, 'GET', 'page', { query: { account: 'b-' } })).body.data;
    expect(page.total).toBe(0);
    const links = await t.services.system.repo.db.selectFrom('blade_user_dept').selectAll().where('dept_id', '=', A.dept).execute();
    expect(links.every((l) => String(l.user_id) !== own)).toBe(true);
  });
});

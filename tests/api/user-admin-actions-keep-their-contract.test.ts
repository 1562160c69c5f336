import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addTenant } from '../support/second-tenant.js';

/**
 * grant, update-platform and approve moved from hand routes to the user schema's x-actions
 * (roles administrator/admin, rolesSuffice), submit and update to its endpoints: same
 * answers, same refusals, for the same callers.
 */
let t: TestApp;
let admin: Record<string, string>;
const roles: Record<string, string> = {};
let deptId: string;
const PASSWORD = 'start-pw';

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
const user = (action: string, opts: { headers?: Record<string, string>; query?: Record<string, string>; payload?: object; method?: 'GET' | 'POST'; lang?: string } = {}) =>
  t.call({ method: opts.method ?? 'POST', url: `/api/blade-user/${action}`, headers: { ...(opts.headers ?? admin), 'accept-language': opts.lang ?? 'zh' }, query: opts.query, payload: opts.payload });

async function addUser(values: Record<string, unknown> = {}): Promise<{ id: string; account: string }> {
  const account = unique('acct');
  const res = await user('submit', { payload: { account, name: 'n', realName: 'rn', roleId: roles.user, deptId, password: PASSWORD, ...values } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { id: String(res.body.data.id), account };
}

/** A user of tenant 000000 awaiting approval (status 0), as guest registration leaves one. */
async function addPendingUser(): Promise<string> {
  return t.services.system.repo.insert(t.services.model('system/user'), systemContext('000000'), { account: unique('guest'), name: 'g', realName: 'guest', userType: 1, status: 0, roleId: roles.user });
}

const rowOf = async (id: string) => t.services.system.repo.db.selectFrom('blade_user').select(['role_id', 'status', 'real_name']).where('id', '=', id).executeTakeFirstOrThrow();
const extOf = async (id: string) => (await t.services.system.repo.db.selectFrom('blade_user_web').select('user_ext').where('user_id', '=', id).execute()).map((r) => r.user_ext);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  for (const r of await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] })) roles[String(r.roleAlias)] = String(r.id);
  deptId = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

describe('the moved user routes', () => {
  it('answer the administrator as the hand routes did: 200, 操作成功, data {}', async () => {
    const target = await addUser();
    const pending = await addPendingUser();
    for (const [action, query] of [
      ['grant', { userIds: target.id, roleIds: roles.administrator }],
      ['update-platform', { userId: target.id, userType: '1', userExt: 'web ext' }],
      ['approve', { userIds: pending }],
    ] as const) {
      expect((await user(action, { query })).body, action).toEqual({ code: 200, success: true, msg: '操作成功', data: {} });
    }
    expect(await rowOf(target.id)).toMatchObject({ role_id: roles.administrator });
    expect(await extOf(target.id)).toEqual(['web ext']);
    expect((await rowOf(pending)).status).toBe(1);
    expect((await user('platform-detail', { method: 'GET', query: { id: target.id } })).body.data).toMatchObject({ id: target.id, userExt: 'web ext', userTypeName: 'WEB' });
  });

  it('let a tenant admin role with no buttons granted use them (BladeX hasAnyRole: the roles suffice)', async () => {
    const adminRole = await t.services.system.repo.insert(t.services.model('system/role'), systemContext(), { roleName: 'no-button admin', roleAlias: 'admin', parentId: '0', sort: 9 });
    const holder = await addUser({ roleId: adminRole });
    const headers = await t.login({ username: holder.account, password: PASSWORD });
    const target = await addUser();
    expect((await user('grant', { headers, query: { userIds: target.id, roleIds: adminRole } })).body.code).toBe(200);
    expect((await user('update-platform', { headers, query: { userId: target.id, userType: '1', userExt: 'by admin' } })).body.code).toBe(200);
    expect((await user('approve', { headers, query: { userIds: await addPendingUser() } })).body.code).toBe(200);
    expect(await extOf(target.id)).toEqual(['by admin']);
  });

  it('refuse a caller without an admin role with 403 and change nothing', async () => {
    const plain = await addUser();
    const headers = await t.login({ username: plain.account, password: PASSWORD });
    const target = await addUser();
    const pending = await addPendingUser();
    const before = [await rowOf(target.id), await rowOf(pending), await extOf(target.id)];
    for (const [action, query] of [
      ['grant', { userIds: target.id, roleIds: roles.administrator }],
      ['update-platform', { userId: target.id, userType: '1', userExt: 'hacked' }],
      ['approve', { userIds: pending }],
    ] as const) {
      const res = await user(action, { headers, query });
      expect(res.status, action).toBe(403);
      expect(res.body.success, action).toBe(false);
    }
    expect([await rowOf(target.id), await rowOf(pending), await extOf(target.id)]).toEqual(before);
  });

  it('answer bad input with a clear 400 naming the problem, and change nothing', async () => {
    const target = await addUser();
    await user('update-platform', { query: { userId: target.id, userType: '1', userExt: 'kept' } });
    const before = [await rowOf(target.id), await extOf(target.id)];
    const refusals: Array<[string, Record<string, string>, string]> = [
      ['update-platform', { userId: target.id, userType: '4', userExt: 'x' }, '用户平台只能是 1(WEB)、2(APP)、3(OTHER)'],
      ['update-platform', { userId: target.id, userType: 'web', userExt: 'x' }, '用户平台只能是 1(WEB)、2(APP)、3(OTHER)'],
      ['update-platform', { userId: target.id, userExt: 'x' }, '缺少必要的请求参数: userType'],
      ['update-platform', { userType: '1', userExt: 'x' }, '缺少必要的请求参数: userId'],
      ['update-platform', { userId: '9223372036854775808', userType: '1' }, '请求参数 userId 的值不正确'],
      ['grant', { userIds: target.id }, '缺少必要的请求参数: roleIds'],
      ['grant', { userIds: target.id, roleIds: '1 or 1=1' }, '请求参数 roleIds 的值不正确'],
      ['grant', { roleIds: roles.user }, '缺少必要的请求参数: userIds'],
      ['approve', { userIds: 'abc' }, '请求参数 userIds 的值不正确'],
    ];
    for (const [action, query, msg] of refusals) {
      const res = await user(action, { query });
      expect([res.status, res.body.msg], `${action} ${JSON.stringify(query)}`).toEqual([400, msg]);
    }
    const long = await user('update-platform', { query: { userId: target.id, userType: '1', userExt: 'x'.repeat(300) } });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.fieldErrors)).toEqual(['userExt']);
    const unknownRole = await user('grant', { query: { userIds: target.id, roleIds: '123456789012345678' } });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.fieldErrors.roleId).toContain('123456789012345678');
    const noKey = await user('update', { payload: { realName: 'no key' } });
    expect([noKey.status, noKey.body.msg]).toEqual([400, '缺少必要的请求参数: id']);
    expect([await rowOf(target.id), await extOf(target.id)]).toEqual(before);
  });
});

describe('a tenant administrator aiming at another tenant\'s user', () => {
  it('is answered 404 by all of 20 calls at once, and the user stays as it was', async () => {
    await addTenant(t.services, '000004', 'tenant-c-pw');
    const other = await t.login({ tenantId: '000004', password: 'tenant-c-pw' });
    const [ownRole] = await t.services.system.repo.list(t.services.model('system/role'), systemContext('000004'), { conditions: [], order: [] });
    const target = await addUser();
    const pending = await addPendingUser();
    await user('update-platform', { query: { userId: target.id, userType: '1', userExt: 'tenant A' } });
    const before = [await rowOf(target.id), await rowOf(pending), await extOf(target.id)];
    const calls: Array<[string, { query?: Record<string, string>; payload?: object }]> = [
      ['grant', { query: { userIds: target.id, roleIds: String(ownRole.id) } }],
      ['update-platform', { query: { userId: target.id, userType: '1', userExt: 'hacked' } }],
      ['approve', { query: { userIds: pending } }],
      ['update', { payload: { id: target.id, realName: 'hacked' } }],
      ['submit', { payload: { id: target.id, realName: 'hacked' } }],
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => {
      const [action, opts] = calls[n % calls.length]!;
      return user(action, { headers: other, ...opts }).then((res) => `${action} ${res.status}`);
    }));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => `${calls[n % calls.length]![0]} 404`));
    expect([await rowOf(target.id), await rowOf(pending), await extOf(target.id)]).toEqual(before);
  });
});

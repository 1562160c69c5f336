import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { deptIds } from '../support/add-user.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let a: Record<string, string>;
const roles: Record<string, string> = {};
let deptId: string;

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
/* The shared store may be a Redis other suites use too: sign-in counters stay apart per IP. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const user = (action: string, opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; query?: Record<string, string>; payload?: object } = {}) =>
  t.call({ method: opts.method ?? 'POST', url: `/api/blade-user/${action}`, headers: opts.headers ?? a, query: opts.query, payload: opts.payload });

async function addUser(values: Record<string, unknown> = {}): Promise<{ id: string; account: string }> {
  const account = unique('acct');
  const res = await user('submit', { payload: { account, name: 'n', realName: 'rn', roleId: roles.user, deptId, password: 'start-pw', ...values } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { id: String(res.body.data.id), account };
}

const signIn = (account: string, password: string, ip = freshIp()) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC }, remoteAddress: ip,
  query: { tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password', scope: 'all' },
});

async function headersOf(account: string, password: string): Promise<Record<string, string>> {
  const res = await signIn(account, password);
  expect(res.body.access_token, JSON.stringify(res.body)).toBeTruthy();
  return { authorization: BASIC, 'blade-auth': `bearer ${res.body.access_token}` };
}

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  for (const r of await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] })) {
    roles[String(r.roleAlias)] = String(r.id);
  }
  deptId = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

describe('update-password (md5 inputs, BladeX messages)', () => {
  it('refuses a wrong confirmation, then a wrong old password, and changes it otherwise', async () => {
    const { account } = await addUser();
    const headers = await headersOf(account, 'start-pw');
    const change = (oldPassword: string, newPassword: string, newPassword1: string) =>
      user('update-password', { headers, query: { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword), newPassword1: md5Hex(newPassword1) } });

    const mismatch = await change('wrong', 'next-pw', 'other-pw');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('请输入正确的确认密码!');
    const wrongOld = await change('wrong', 'next-pw', 'next-pw');
    expect(wrongOld.body.msg).toBe('原密码不正确!');
    expect((await change('start-pw', 'next-pw', 'next-pw')).body.code).toBe(200);
    expect((await signIn(account, 'next-pw')).body.access_token).toBeTruthy();
    expect((await signIn(account, 'start-pw')).body.access_token).toBeUndefined();
  });
});

describe('reset-password', () => {
  it('sets account.initPassword (123456) and the md5 of it signs in', async () => {
    const first = await addUser();
    const second = await addUser();
    const res = await user('reset-password', { query: { userIds: `${first.id},${second.id}` } });
    expect(res.body.code).toBe(200);
    expect((await signIn(first.account, '123456')).body.access_token).toBeTruthy();
    expect((await signIn(second.account, '123456')).body.access_token).toBeTruthy();
    expect((await signIn(first.account, 'start-pw')).body.access_token).toBeUndefined();
  });

  it('reads account.initPassword as it is at the call, not a fixed 123456', async () => {
    const paramModel = t.services.model('system/param');
    const [param] = await t.services.system.repo.list(paramModel, systemContext(), { conditions: [{ field: paramModel.fields.find((f) => f.name === 'paramKey')!, op: 'equal', value: 'account.initPassword' }], order: [] });
    const setParam = (paramValue: string) => t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: a, payload: { ...param, paramValue } });
    expect((await setParam('changed-init-pw')).body.code).toBe(200);
    try {
      const one = await addUser();
      expect((await user('reset-password', { query: { userIds: one.id } })).body.code).toBe(200);
      expect((await signIn(one.account, 'changed-init-pw')).body.access_token).toBeTruthy();
      expect((await signIn(one.account, '123456')).body.access_token).toBeUndefined();
    } finally {
      expect((await setParam('123456')).body.code).toBe(200);
    }
  });

  it('changes nobody when one id is unknown', async () => {
    const one = await addUser();
    const res = await user('reset-password', { query: { userIds: `${one.id},123456789012345678` } });
    expect(res.status).toBe(404);
    expect((await signIn(one.account, 'start-pw')).body.access_token).toBeTruthy();
  });
});

describe('grant', () => {
  it('overwrites the roles of every user', async () => {
    const first = await addUser();
    const second = await addUser();
    const res = await user('grant', { query: { userIds: `${first.id},${second.id}`, roleIds: `${roles.administrator},${roles.user}` } });
    expect(res.body.code).toBe(200);
    for (const { id } of [first, second]) {
      const roleId = (await user('detail', { method: 'GET', query: { id } })).body.data.roleId;
      expect(roleId).toBe(`${roles.administrator},${roles.user}`);
    }
  });

  it('lets only a super administrator hand out the super administrator role', async () => {
    const tenantAdminRole = await t.services.system.repo.insert(t.services.model('system/role'), systemContext(), { roleName: 'tenant admin', roleAlias: 'admin', parentId: '0', sort: 9 });
    const tenantAdmin = await addUser({ roleId: tenantAdminRole });
    const headers = await headersOf(tenantAdmin.account, 'start-pw');
    const target = await addUser();
    const res = await user('grant', { headers, query: { userIds: target.id, roleIds: roles.administrator } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('无权配置超管角色!');
    expect((await user('grant', { headers, query: { userIds: target.id, roleIds: tenantAdminRole } })).body.code).toBe(200);
  });

  it('refuses unknown roles and a caller who is no administrator', async () => {
    const target = await addUser();
    const bad = await user('grant', { query: { userIds: target.id, roleIds: '123456789012345678' } });
    expect(bad.status).toBe(400);
    const plain = await addUser();
    const res = await user('grant', { headers: await headersOf(plain.account, 'start-pw'), query: { userIds: target.id, roleIds: roles.administrator } });
    expect(res.status).toBe(403);
    expect((await user('detail', { method: 'GET', query: { id: target.id } })).body.data.roleId).toBe(roles.user);
  });
});

describe('info and update-info', () => {
  it('answers the caller and changes only the profile fields', async () => {
    const me = await addUser({ email: 'old@example.com' });
    const headers = await headersOf(me.account, 'start-pw');
    const before = (await user('info', { method: 'GET', headers })).body.data;
    expect(before).toMatchObject({ id: me.id, account: me.account, roleName: '用户' });
    expect(before).not.toHaveProperty('password');

    const res = await user('update-info', {
      headers,
      payload: { id: before.id, account: 'hijack', roleId: roles.administrator, deptId: '1', password: 'x', realName: 'New Name', email: 'new@example.com', phone: '13800138000' },
    });
    expect(res.body.code).toBe(200);
    const after = (await user('info', { method: 'GET', headers })).body.data;
    expect(after).toMatchObject({ account: me.account, roleId: roles.user, realName: 'New Name', email: 'new@example.com', phone: '13800138000' });
    expect((await signIn(me.account, 'start-pw')).body.access_token).toBeTruthy();
  });

  it('checks the profile with the schema messages', async () => {
    const me = await addUser();
    const res = await user('update-info', { headers: await headersOf(me.account, 'start-pw'), payload: { realName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请输入用户姓名');
  });
});

describe('unlock', () => {
  it('clears the failure counter of a locked account', async () => {
    const { id, account } = await addUser();
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) await signIn(account, 'wrong', ip);
    expect((await signIn(account, 'start-pw', ip)).body.access_token).toBeUndefined();
    expect((await user('unlock', { query: { userIds: id } })).body.code).toBe(200);
    expect((await signIn(account, 'start-pw', ip)).body.access_token).toBeTruthy();
  });
});

describe('platform', () => {
  it('keeps userExt per platform and shows the one of the user type', async () => {
    const { id } = await addUser({ userType: 2 });
    expect((await user('update-platform', { query: { userId: id, userType: '2', userExt: '{"app":1}' } })).body.code).toBe(200);
    expect((await user('update-platform', { query: { userId: id, userType: '1', userExt: 'web ext' } })).body.code).toBe(200);
    expect((await user('update-platform', { query: { userId: id, userType: '2', userExt: '{"app":2}' } })).body.code).toBe(200);
    const detail = (await user('platform-detail', { method: 'GET', query: { id } })).body.data;
    expect(detail).toMatchObject({ id, userType: 2, userTypeName: 'APP', userExt: '{"app":2}' });
    const rows = await t.services.system.repo.db.selectFrom('blade_user_app').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect((await user('update-platform', { query: { userId: id, userType: '4', userExt: 'x' } })).status).toBe(400);
    expect((await user('update-platform', { query: { userId: id, userType: '1', userExt: 'x'.repeat(300) } })).status).toBe(400);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { deptIds } from '../support/add-user.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let a: Record<string, string>;
let roleId: string;
let deptId: string;

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

const user = (action: string, opts: { method?: 'GET' | 'POST'; query?: Record<string, string>; payload?: object; lang?: string } = {}) =>
  t.call({
    method: opts.method ?? 'POST', url: `/api/blade-user/${action}`,
    headers: { ...a, 'accept-language': opts.lang ?? 'zh' }, query: opts.query, payload: opts.payload,
  });

async function addDept(deptName: string, parentId = '0'): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/blade-system/dept/submit', headers: a, payload: { deptName, fullName: deptName, parentId, sort: 1, deptCategory: 2 } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

async function addUser(values: Record<string, unknown>): Promise<string> {
  const res = await user('submit', { payload: { name: 'n', realName: 'rn', roleId, deptId, password: 'pw-1', ...values } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

const signIn = (account: string, password: string) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
  query: { tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password', scope: 'all' },
});

const userDeptRows = (userId: string) => t.services.system.repo.db.selectFrom('blade_user_dept').select('dept_id').where('user_id', '=', userId).execute()
  .then((rows) => rows.map((r) => String(r.dept_id)).sort());

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
  deptId = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

describe('submit', () => {
  it('writes the departments into blade_user_dept and rewrites them on update', async () => {
    const d1 = await addDept(unique('d'));
    const d2 = await addDept(unique('d'));
    const id = await addUser({ account: unique('u'), deptId: `${d1},${d2}` });
    expect(await userDeptRows(id)).toEqual([d1, d2].sort());

    const res = await user('submit', { payload: { id, deptId: [d2] } });
    expect(res.body.code).toBe(200);
    expect(await userDeptRows(id)).toEqual([d2]);
    expect((await user('detail', { method: 'GET', query: { id } })).body.data.deptId).toBe(d2);
  });

  it('hashes the password on insert (sign-in sends its md5) and ignores it on update and on /update', async () => {
    const account = unique('pw');
    const id = await addUser({ account, password: 'first-pw' });
    expect((await signIn(account, 'first-pw')).body.access_token).toBeTruthy();

    expect((await user('submit', { payload: { id, password: 'second-pw', realName: 'changed' } })).body.code).toBe(200);
    expect((await user('update', { payload: { id, password: 'third-pw' } })).body.code).toBe(200);
    expect((await signIn(account, 'first-pw')).body.access_token).toBeTruthy();
    expect((await signIn(account, 'second-pw')).body.access_token).toBeUndefined();
    expect((await signIn(account, 'third-pw')).body.access_token).toBeUndefined();

    const detail = (await user('detail', { method: 'GET', query: { id } })).body.data;
    expect(detail.realName).toBe('changed');
    expect(detail).not.toHaveProperty('password');
  });

  it('refuses a duplicate account in the tenant with the BladeX message naming it', async () => {
    const account = unique('dup');
    const first = await addUser({ account });
    const valid = { account, name: 'n', realName: 'rn', password: 'pw-1', roleId, deptId };
    const zh = await user('submit', { payload: valid });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe(`当前用户 [${account}] 已存在!`);
    const en = await user('submit', { payload: valid, lang: 'en' });
    expect(en.body.msg).toBe(`the user [${account}] already exists!`);

    const other = await addUser({ account: unique('dup') });
    expect((await user('submit', { payload: { id: other, account } })).body.msg).toBe(`当前用户 [${account}] 已存在!`);
    expect((await user('submit', { payload: { id: first, account, realName: 'same' } })).body.code).toBe(200);
  });

  it('refuses ids that are no role, department or post of the tenant', async () => {
    for (const field of ['roleId', 'deptId', 'postId']) {
      const res = await user('submit', { payload: { account: unique('ref'), name: 'n', realName: 'rn', password: 'pw-1', roleId, deptId, [field]: '123456789012345678' } });
      expect(res.status, field).toBe(400);
      expect(res.body.fieldErrors[field], field).toContain('123456789012345678');
    }
  });

  it('answers the update endpoint only with an id', async () => {
    const res = await user('update', { payload: { realName: 'x' } });
    expect(res.status).toBe(400);
  });
});

describe('page', () => {
  it('filters by a department and every department below it, with the schema filters and view names', async () => {
    const root = await addDept(unique('root'));
    const child = await addDept(unique('child'), root);
    const grandchild = await addDept(unique('grand'), child);
    const elsewhere = await addDept(unique('else'));
    const tag = unique('pg');
    const inRoot = await addUser({ account: `${tag}-1`, realName: 'rootuser', deptId: root });
    const inGrandchild = await addUser({ account: `${tag}-2`, realName: 'deepuser', deptId: grandchild });
    const outside = await addUser({ account: `${tag}-3`, realName: 'outsider', deptId: elsewhere });

    const ids = async (query: Record<string, string>) =>
      (await user('page', { method: 'GET', query: { size: '200', ...query } })).body.data.records.map((r: any) => r.id).sort();
    expect(await ids({ deptId: root })).toEqual([inRoot, inGrandchild].sort());
    expect(await ids({ deptId: child })).toEqual([inGrandchild]);
    expect(await ids({ deptId: elsewhere })).toEqual([outside]);
    expect(await ids({ deptId: root, account: `${tag}-2` })).toEqual([inGrandchild]);
    expect((await ids({ account: tag })).length).toBe(3);

    const page = (await user('page', { method: 'GET', query: { deptId: child } })).body.data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records[0]).toMatchObject({ roleName: '用户', userTypeName: 'WEB', tenantName: '管理组' });
    expect(page.records[0].deptName).toBeTruthy();
    expect(page.records[0]).not.toHaveProperty('password');
    expect((await user('page', { method: 'GET', query: { deptId: 'x' } })).status).toBe(400);
  });

  it('lists the tenant\'s users unpaged for pickers (user-list, as the leave form uses it), never with a password', async () => {
    const tag = unique('ul');
    const id = await addUser({ account: `${tag}-1`, realName: 'picker' });
    const listed = (await user('user-list', { method: 'GET', query: { account: tag } })).body.data;
    expect(listed.map((r: any) => r.id)).toEqual([id]);
    expect(listed[0]).toMatchObject({ account: `${tag}-1`, sexName: expect.any(String), userTypeName: 'WEB' });
    expect(listed[0]).not.toHaveProperty('password');
    const everyone = (await user('user-list', { method: 'GET' })).body.data;
    expect(everyone.every((r: any) => r.tenantId === '000000' && !('password' in r))).toBe(true);
  });
});

describe('remove', () => {
  it('refuses to delete the caller and deletes others', async () => {
    const me = (await user('info', { method: 'GET' })).body.data.id;
    const other = await addUser({ account: unique('rm') });
    const self = await user('remove', { query: { ids: `${other},${me}` } });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能删除本账号!');
    expect((await user('detail', { method: 'GET', query: { id: other } })).body.code).toBe(200);
    expect((await user('remove', { query: { ids: other } })).body.code).toBe(200);
    expect((await user('detail', { method: 'GET', query: { id: other } })).body.code).toBe(404);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus, grantScope } from '../support/add-user.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let depts: Record<string, string>;

withSignedInApp(async (app, headers) => {
  t = app;
  admin = headers;
  depts = await deptIds(t.services);
});

const signIn = (account: string) => t.login({ username: account, password: `${account}-pw` });

async function addDataScope(opts: { name: string; type: number; column?: string; value?: string }) {
  const res = await t.call({
    method: 'POST', url: '/api/blade-system/data-scope/submit', headers: admin,
    payload: { menuId: '1', resourceCode: 'post', scopeName: opts.name, scopeType: opts.type, scopeColumn: opts.column ?? '', scopeValue: opts.value ?? '' },
  });
  expect(res.body.code).toBe(200);
  return String(res.body.data.id);
}

async function addPostAs(userId: string, deptId: string, postCode: string) {
  const ctx = { ...systemContext('000000'), isSystem: false, userId, deptId };
  await t.services.system.repo.insert(t.services.model('system/post'), ctx, { category: 4, postCode, postName: postCode, sort: 1 });
}

async function visiblePosts(headers: Record<string, string>, prefix: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers, query: { postCode: prefix, size: '200' } });
  expect(res.body.code).toBe(200);
  return res.body.data.records.map((r: any) => r.postCode).sort();
}

describe('buttons are enforced by the server', () => {
  it('lets a role add with post_add but refuses edit and delete it was not granted', async () => {
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'clerk', account: 'clerk', password: 'clerk-pw', deptId: depts['常州布雷德'] });
    await grantMenus(t.services, roleId, ['system', 'post', 'post_add']);
    const clerk = await signIn('clerk');
    const created = await t.call({ method: 'POST', url: '/api/blade-system/post/submit', headers: clerk, payload: { category: 4, postCode: 'clerk-post', postName: 'c', sort: 1 } });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    const edit = await t.call({ method: 'POST', url: '/api/blade-system/post/submit', headers: { ...clerk, 'accept-language': 'en' }, payload: { id, postName: 'x' } });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('you have no permission for this operation');
    expect((await t.call({ method: 'POST', url: '/api/blade-system/post/remove', headers: clerk, query: { ids: id } })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/post/detail', headers: admin, query: { id } })).body.data.postName).toBe('c');
    expect((await t.call({ method: 'POST', url: '/api/blade-system/post/remove', headers: admin, query: { ids: id } })).body.code).toBe(200);
  });
});

describe('data scopes become SQL predicates on reads', () => {
  let own: { roleId: string; userId: string };
  let deptRole: { roleId: string; userId: string };
  let treeRole: { roleId: string; userId: string };
  let customRole: { roleId: string; userId: string };
  let colleague: string;
  let southern: string;

  beforeAll(async () => {
    own = await addRoleAndUser(t.services, { roleAlias: 'own', account: 'own', password: 'own-pw', deptId: depts['常州布雷德'] });
    deptRole = await addRoleAndUser(t.services, { roleAlias: 'deptonly', account: 'deptonly', password: 'deptonly-pw', deptId: depts['常州布雷德'] });
    treeRole = await addRoleAndUser(t.services, { roleAlias: 'tree', account: 'tree', password: 'tree-pw', deptId: depts['布雷德科技'] });
    customRole = await addRoleAndUser(t.services, { roleAlias: 'custom', account: 'custom', password: 'custom-pw', deptId: depts['苏州布雷德'] });
    for (const role of [own, deptRole, treeRole, customRole]) await grantMenus(t.services, role.roleId, ['system', 'post']);
    colleague = (await addRoleAndUser(t.services, { roleAlias: 'x1', account: 'colleague', password: 'colleague-pw', deptId: depts['常州布雷德'] })).userId;
    southern = (await addRoleAndUser(t.services, { roleAlias: 'x2', account: 'southern', password: 'southern-pw', deptId: depts['苏州布雷德'] })).userId;
    await addPostAs(own.userId, depts['常州布雷德'], 'ds-own');
    await addPostAs(colleague, depts['常州布雷德'], 'ds-colleague');
    await addPostAs(southern, depts['苏州布雷德'], 'ds-south');
    await addPostAs('1', depts['布雷德科技'], 'ds-top');
    await grantScope(t.services, own.roleId, await addDataScope({ name: 'own', type: 2, column: 'create_user' }), 1);
    await grantScope(t.services, deptRole.roleId, await addDataScope({ name: 'dept', type: 3, column: 'create_dept' }), 1);
    await grantScope(t.services, treeRole.roleId, await addDataScope({ name: 'tree', type: 4, column: 'create_dept' }), 1);
    const custom = await addDataScope({ name: 'custom', type: 5, value: JSON.stringify([{ field: 'post_code', op: 'like', value: 'south' }]) });
    await grantScope(t.services, customRole.roleId, custom, 1);
  });

  it('own: only rows the caller created', async () => {
    expect(await visiblePosts(await signIn('own'), 'ds-')).toEqual(['ds-own']);
  });

  it('own department: rows created in the caller department', async () => {
    expect(await visiblePosts(await signIn('deptonly'), 'ds-')).toEqual(['ds-colleague', 'ds-own']);
  });

  it('own department and children: the whole subtree', async () => {
    expect(await visiblePosts(await signIn('tree'), 'ds-')).toEqual(['ds-colleague', 'ds-own', 'ds-south', 'ds-top']);
  });

  it('custom: a declarative filter with no SQL from the database', async () => {
    expect(await visiblePosts(await signIn('custom'), 'ds-')).toEqual(['ds-south']);
  });

  it('limits detail too: a row outside the scope is not found, however often callers who may see it have just read it', async () => {
    const all = await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin, query: { postCode: 'ds-south' } });
    const query = { id: all.body.data.records[0].id };
    const detail = async (headers: Record<string, string>) => (await t.call({ method: 'GET', url: '/api/blade-system/post/detail', headers, query })).status;
    const [ownCaller, customCaller] = [await signIn('own'), await signIn('custom')];
    expect(await detail(ownCaller)).toBe(404);
    for (let n = 0; n < 3; n++) expect([await detail(admin), await detail(customCaller), await detail(ownCaller)]).toEqual([200, 200, 404]);
  });

  it('limits remove too: a batch with one row outside the scope removes none of them, the own row alone is removed', async () => {
    await grantMenus(t.services, own.roleId, ['post_delete']);
    const ownHeaders = await signIn('own');
    const idOf = async (code: string) => String((await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin, query: { postCode: code } })).body.data.records[0].id);
    const [mine, theirs] = [await idOf('ds-own'), await idOf('ds-colleague')];
    const batch = await t.call({ method: 'POST', url: '/api/blade-system/post/remove', headers: ownHeaders, query: { ids: `${mine},${theirs}` } });
    expect([batch.status, batch.body.msg]).toEqual([404, '数据不存在或已被删除']);
    expect(await visiblePosts(admin, 'ds-')).toEqual(['ds-colleague', 'ds-own', 'ds-south', 'ds-top']);
    expect((await t.call({ method: 'POST', url: '/api/blade-system/post/remove', headers: ownHeaders, query: { ids: theirs } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/blade-system/post/remove', headers: ownHeaders, query: { ids: mine } })).body.code).toBe(200);
    expect(await visiblePosts(admin, 'ds-')).toEqual(['ds-colleague', 'ds-south', 'ds-top']);
    await addPostAs(own.userId, depts['常州布雷德'], 'ds-own');
  });

  it('gives a user with two roles the union of their scopes, not the widest', async () => {
    await addRoleAndUser(t.services, { roleAlias: 'both', account: 'both', password: 'both-pw', deptId: depts['苏州布雷德'], roleIds: [own.roleId, customRole.roleId] });
    const both = await signIn('both');
    // own role: rows created by "both" (none); custom role: post codes containing "south".
    expect(await visiblePosts(both, 'ds-')).toEqual(['ds-south']);
  });

  it('leaves the administrator unlimited', async () => {
    expect(await visiblePosts(admin, 'ds-')).toEqual(['ds-colleague', 'ds-own', 'ds-south', 'ds-top']);
  });
});

describe('API scopes', () => {
  it('refuses a covered path to roles without the scope and allows it once granted', async () => {
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'apiuser', account: 'apiuser', password: 'apiuser-pw', deptId: depts['常州布雷德'] });
    await grantMenus(t.services, roleId, ['system', 'post', 'param']);
    const res = await t.call({
      method: 'POST', url: '/api/blade-system/api-scope/submit', headers: admin,
      payload: { menuId: '1', resourceCode: 'post', scopeName: 'posts', scopePath: '/blade-system/post/list', scopeType: 2 },
    });
    const user = await signIn('apiuser');
    expect((await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: user })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: user })).status).toBe(200);
    await grantScope(t.services, roleId, String(res.body.data.id), 2);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: user })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: admin })).status).toBe(200);
  });
});

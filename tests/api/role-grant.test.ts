import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus, menuIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;
let dept: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  menu = await menuIds(t.services);
  dept = (await deptIds(t.services))['常州布雷德'];
});
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string>, headers = admin) => t.call({ method: 'GET', url: `/api/blade-system${url}`, headers, query });
const post = (url: string, payload: object, headers = admin) => t.call({ method: 'POST', url: `/api/blade-system${url}`, headers, payload });
const codes = (...list: string[]) => list.map((c) => menu[c]);
const sorted = (ids: string[]) => [...ids].sort();

async function addRole(roleAlias: string, parentId = '0', headers = admin): Promise<string> {
  const res = await post('/role/submit', { roleName: roleAlias, roleAlias, sort: 1, parentId }, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

async function addRule(kind: 'data-scope' | 'api-scope', scopeName: string): Promise<string> {
  const payload = kind === 'data-scope'
    ? { menuId: menu.param, resourceCode: 'param', scopeName, scopeType: 2, scopeColumn: 'create_user' }
    : { menuId: menu.param, resourceCode: 'param', scopeName, scopePath: '/blade-system/param/detail', scopeType: 1 };
  const res = await post(`/${kind}/submit`, payload);
  expect(res.body.code).toBe(200);
  return String(res.body.data.id);
}

async function keysOf(roleId: string) {
  const res = await get('/menu/role-tree-keys', { roleIds: roleId });
  expect(res.body.code).toBe(200);
  return res.body.data as { menu: string[]; dataScope: string[]; apiScope: string[] };
}

describe('role grant', () => {
  it('stores menus, data scopes and API scopes that role-tree-keys answers as id strings', async () => {
    const roleId = await addRole('grant-clerk');
    const dataScope = await addRule('data-scope', 'param own');
    const apiScope = await addRule('api-scope', 'param detail');
    const res = await post('/role/grant', { roleIds: [roleId], menuIds: codes('system', 'param', 'param_add'), dataScopeIds: [dataScope], apiScopeIds: [apiScope] });
    expect(res.body).toMatchObject({ code: 200, success: true });
    const keys = await keysOf(roleId);
    expect(sorted(keys.menu)).toEqual(sorted(codes('system', 'param', 'param_add')));
    expect(keys.dataScope).toEqual([dataScope]);
    expect(keys.apiScope).toEqual([apiScope]);
  });

  it('replaces every menu and scope link of the role on the next grant', async () => {
    const roleId = await addRole('grant-replace');
    const dataScope = await addRule('data-scope', 'param own 2');
    await post('/role/grant', { roleIds: [roleId], menuIds: codes('system', 'param'), dataScopeIds: [dataScope], apiScopeIds: [] });
    await post('/role/grant', { roleIds: [roleId], menuIds: codes('desk'), dataScopeIds: [], apiScopeIds: [] });
    expect(await keysOf(roleId)).toEqual({ menu: codes('desk'), dataScope: [], apiScope: [] });
  });

  it('strips from the roles below the menus the granted role lost', async () => {
    const parent = await addRole('grant-parent');
    const child = await addRole('grant-child', parent);
    const grandchild = await addRole('grant-grandchild', child);
    await post('/role/grant', { roleIds: [parent], menuIds: codes('system', 'param', 'param_add'), dataScopeIds: [], apiScopeIds: [] });
    await post('/role/grant', { roleIds: [child, grandchild], menuIds: codes('system', 'param', 'param_add'), dataScopeIds: [], apiScopeIds: [] });
    await post('/role/grant', { roleIds: [parent], menuIds: codes('system', 'param'), dataScopeIds: [], apiScopeIds: [] });
    expect(sorted((await keysOf(child)).menu)).toEqual(sorted(codes('system', 'param')));
    expect(sorted((await keysOf(grandchild)).menu)).toEqual(sorted(codes('system', 'param')));
  });

  it('leaves out menu ids that do not exist and refuses ids that are not ids', async () => {
    const roleId = await addRole('grant-unknown');
    await post('/role/grant', { roleIds: [roleId], menuIds: [menu.desk, '123456789012345678'], dataScopeIds: [], apiScopeIds: [] });
    expect((await keysOf(roleId)).menu).toEqual([menu.desk]);
    const bad = await post('/role/grant', { roleIds: [roleId], menuIds: ['1 or 1=1'] });
    expect(bad.status).toBe(400);
    expect((await post('/role/grant', { menuIds: [menu.desk] })).status).toBe(400);
  });

  it('drops the links of a removed role, so users still naming it lose its menus', async () => {
    const roleId = await addRole('grant-removed');
    await post('/role/grant', { roleIds: [roleId], menuIds: codes('desk'), dataScopeIds: [], apiScopeIds: [] });
    expect((await post(`/role/remove?ids=${roleId}`, {})).body.code).toBe(200);
    const links = await t.services.system.repo.db.selectFrom('blade_role_menu').select('id').where('role_id', '=', roleId).execute();
    expect(links).toEqual([]);
  });
});

describe('administrator roles', () => {
  let clerk: Record<string, string>;
  let manager: Record<string, string>;
  let administratorRole: string;

  beforeAll(async () => {
    const clerkRole = await addRoleAndUser(t.services, { roleAlias: 'role-clerk', account: 'rclerk', password: 'rclerk-pw', deptId: dept });
    await grantMenus(t.services, clerkRole.roleId, ['authority', 'role', 'role_add', 'role_edit']);
    clerk = await t.login({ username: 'rclerk', password: 'rclerk-pw' });
    await addRoleAndUser(t.services, { roleAlias: 'admin', account: 'rmanager', password: 'rmanager-pw', deptId: dept });
    manager = await t.login({ username: 'rmanager', password: 'rmanager-pw' });
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    administratorRole = String(roles.find((r) => r.roleAlias === 'administrator')!.id);
  });

  it('lets only an administrator create a role aliased administrator', async () => {
    const zh = await post('/role/submit', { roleName: 'x', roleAlias: 'administrator', sort: 1 }, clerk);
    expect(zh.body).toMatchObject({ code: 400, msg: '无权限创建超管角色！' });
    const en = await post('/role/submit', { roleName: 'x', roleAlias: 'administrator', sort: 1 }, { ...clerk, 'accept-language': 'en' });
    expect(en.body.msg).toBe('you may not create an administrator role');
    const renamed = await post('/role/submit', { id: administratorRole, roleAlias: 'boss' }, clerk);
    expect(renamed.body.msg).toBe('无权限创建超管角色！');
    expect((await post('/role/submit', { roleName: 'ok', roleAlias: 'ok-by-clerk', sort: 1 }, clerk)).body.code).toBe(200);
    expect((await post('/role/submit', { roleName: 'y', roleAlias: 'administrator', sort: 1 }, admin)).body.code).toBe(200);
  });

  it('lets only an administrator grant a role aliased administrator, and only admin roles grant at all', async () => {
    const before = await keysOf(administratorRole);
    const res = await post('/role/grant', { roleIds: [administratorRole], menuIds: codes('desk') }, manager);
    expect(res.body).toMatchObject({ code: 400, msg: '无权配置超管角色!' });
    const clerkRole = await addRole('role-target');
    const refused = await post('/role/grant', { roleIds: [clerkRole], menuIds: codes('desk') }, clerk);
    expect(refused.status).toBe(403);
    expect(await keysOf(administratorRole)).toEqual(before);
    expect((await post('/role/grant', { roleIds: [clerkRole], menuIds: codes('desk') }, manager)).body.code).toBe(200);
  });

  it('hides the admin roles from the role tree of callers holding none', async () => {
    const aliases = (data: any[]): string[] => data.flatMap((n) => [n.roleAlias, ...aliases(n.children ?? [])]);
    expect(aliases((await get('/role/tree', {}, clerk)).body.data)).not.toContain('administrator');
    expect(aliases((await get('/role/tree', {}, clerk)).body.data)).not.toContain('admin');
    expect(aliases((await get('/role/tree', {})).body.data)).toContain('administrator');
  });

  it('does not name a hidden admin role as the parent of a role under it', async () => {
    const under = await addRole('under-administrator', administratorRole);
    const flat = (data: any[]): any[] => data.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const seenByClerk = flat((await get('/role/tree', {}, clerk)).body.data).find((n) => n.id === under);
    expect(seenByClerk.parentName).toBe('');
    const seenByAdmin = flat((await get('/role/tree', {})).body.data).find((n) => n.id === under);
    expect(seenByAdmin.parentName).toBe('超级管理员');
  });
});

describe('role reads', () => {
  it('answers the tree with TreeNode fields and select by role ids or by user', async () => {
    const parent = await addRole('read-parent');
    const child = await addRole('read-child', parent);
    const tree = (await get('/role/tree-by-id', { roleId: child })).body.data;
    const node = tree.find((n: any) => n.id === parent);
    expect(node).toMatchObject({ id: parent, parentId: '0', title: 'read-parent', key: parent, value: parent, hasChildren: true });
    expect(node.children[0]).toMatchObject({ id: child, parentId: parent });
    const selected = (await get('/role/select', { roleId: `${parent},${child}` })).body.data;
    expect(selected.map((r: any) => r.id).sort()).toEqual([parent, child].sort());
    const { userId } = await addRoleAndUser(t.services, { roleAlias: 'x', account: 'seluser', password: 'p', deptId: dept, roleIds: [child] });
    expect((await get('/role/select', { userId })).body.data.map((r: any) => r.id)).toEqual([child]);
    expect((await get('/role/select', {})).body.data).toEqual([]);
  });
});

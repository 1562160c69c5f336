import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds, grantMenus, menuIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Tenant B's administrator against every role, department, menu and top-menu endpoint, with tenant A's ids. */
let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
const A: Record<string, string> = {};
let aIds: string[];

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/blade-system${url}`, headers: a, payload });
  A.role = (await post('/role/submit', { roleName: 'A role', roleAlias: 'a-role', sort: 1 })).body.data.id;
  A.childRole = (await post('/role/submit', { roleName: 'A child', roleAlias: 'a-child', sort: 1, parentId: A.role })).body.data.id;
  A.dept = (await deptIds(t.services))['布雷德科技'];
  A.childDept = (await deptIds(t.services))['常州布雷德'];
  A.top = (await post('/topmenu/submit', { name: 'A top', code: 'a-top', sort: 1 })).body.data.id;
  A.param = (await menuIds(t.services)).param;
  await post('/role/grant', { roleIds: [A.role], menuIds: [A.param] });
  await post('/topmenu/grant', { topMenuIds: [A.top], menuIds: [A.param] });
  const [user] = await t.services.system.repo.list(t.services.model('system/user'), systemContext(), { conditions: [], order: [] });
  A.user = String(user.id);
  aIds = [A.role, A.childRole, A.dept, A.childDept, A.top, A.user];

  await addTenant(t.services, '000002', 'tenant-b-pw');
  const [bRole] = await t.services.system.repo.list(t.services.model('system/role'), systemContext('000002'), { conditions: [], order: [] });
  await grantMenus(t.services, String(bRole.id), ['system', 'dept', 'role']);
  b = await t.login({ tenantId: '000002', password: 'tenant-b-pw' });
});
afterAll(() => t?.close());

const asB = (method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; payload?: object } = {}) =>
  t.call({ method, url: `/api/blade-system${url}`, headers: b, ...opts });

function leaks(body: unknown): string[] {
  const text = JSON.stringify(body);
  return aIds.filter((id) => text.includes(id));
}

async function linksOfA() {
  const roleMenu = await t.services.system.repo.db.selectFrom('blade_role_menu').select(['role_id', 'menu_id']).where('role_id', 'in', [A.role, A.childRole]).execute();
  const topMenu = await t.services.system.repo.db.selectFrom('blade_top_menu_setting').select(['top_menu_id', 'menu_id']).where('top_menu_id', '=', A.top).execute();
  return JSON.stringify([roleMenu, topMenu]);
}

describe("tenant B never reaches tenant A's roles, departments or top menus", () => {
  it('reads nothing of A through any read endpoint of these modules', async () => {
    const reads: [string, Record<string, string>][] = [
      ['/role/list', {}], ['/role/tree', {}], ['/role/tree', { tenantId: '000000' }], ['/role/tree-by-id', { roleId: A.role }],
      ['/role/select', { roleId: A.role }], ['/role/select', { userId: A.user }], ['/role/detail', { id: A.role }],
      ['/dept/list', {}], ['/dept/tree', {}], ['/dept/tree', { tenantId: '000000' }], ['/dept/lazy-list', {}],
      ['/dept/lazy-list', { parentId: A.dept }], ['/dept/lazy-list', { deptName: '布雷德' }], ['/dept/lazy-tree', { parentId: A.dept }],
      ['/dept/select', { deptId: A.dept }], ['/dept/select', { userId: A.user }], ['/dept/detail', { id: A.dept }],
      ['/topmenu/list', {}], ['/topmenu/detail', { id: A.top }], ['/menu/top-menu', {}],
      ['/menu/role-tree-keys', { roleIds: A.role }], ['/menu/top-tree-keys', { topMenuIds: A.top }],
      ['/menu/routes', { topMenuId: A.top }], ['/menu/grant-tree', {}], ['/menu/grant-top-tree', {}],
    ];
    for (const [url, query] of reads) {
      const res = await asB('GET', url, { query });
      expect(leaks(res.body), `${url} ${JSON.stringify(query)}`).toEqual([]);
    }
    expect((await asB('GET', '/menu/role-tree-keys', { query: { roleIds: A.role } })).body.data).toEqual({ menu: [], dataScope: [], apiScope: [] });
    expect((await asB('GET', '/menu/top-tree-keys', { query: { topMenuIds: A.top } })).body.data).toEqual({ menu: [] });
    expect((await asB('GET', '/menu/routes', { query: { topMenuId: A.top } })).body.data).toEqual([]);
  });

  it("refuses to grant A's roles or top menus, and A's links stay as they were", async () => {
    const before = await linksOfA();
    expect((await asB('POST', '/role/grant', { payload: { roleIds: [A.role], menuIds: [] } })).status).toBe(404);
    expect((await asB('POST', '/topmenu/grant', { payload: { topMenuIds: [A.top], menuIds: [] } })).status).toBe(404);
    expect(await linksOfA()).toBe(before);
  });

  it("refuses A's role or department as a parent and never moves A's rows", async () => {
    const role = await asB('POST', '/role/submit', { payload: { roleName: 'r', roleAlias: 'r', sort: 1, parentId: A.role } });
    expect(role.body).toMatchObject({ code: 400, msg: '上级节点不存在' });
    const dept = await asB('POST', '/dept/submit', { payload: { deptName: 'd', fullName: 'd', sort: 1, parentId: A.dept } });
    expect(dept.body.code).toBe(400);
    expect((await asB('POST', '/role/submit', { payload: { id: A.childRole, parentId: '0' } })).status).toBe(404);
    const childRole = await t.call({ method: 'GET', url: '/api/blade-system/role/detail', headers: a, query: { id: A.childRole } });
    expect(childRole.body.data.parentId).toBe(A.role);
  });

  it("lets the platform administrator read B's trees by tenantId, and only B's", async () => {
    const roles = (await t.call({ method: 'GET', url: '/api/blade-system/role/tree', headers: a, query: { tenantId: '000002' } })).body.data;
    expect(roles.map((r: any) => r.tenantId)).toEqual(['000002']);
    const ownRoles = (await t.call({ method: 'GET', url: '/api/blade-system/role/tree', headers: a })).body.data;
    expect(ownRoles.every((r: any) => r.tenantId === '000000')).toBe(true);
  });
});

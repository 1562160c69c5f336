import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus, menuIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;

withSignedInApp(async (app, headers) => {
  t = app;
  admin = headers;
  menu = await menuIds(t.services);
});

const get = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api/blade-system/menu/${url}`, headers, query });

/** Codes of a forest, depth first. */
function codesOf(nodes: any[]): string[] {
  return nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);
}

describe('routes and buttons of a role that is not the administrator', () => {
  let viewer: Record<string, string>;

  beforeAll(async () => {
    const dept = (await deptIds(t.services))['常州布雷德'];
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'viewer', account: 'viewer', password: 'viewer-pw', deptId: dept });
    const menuIds = [menu.param, menu.param_view, menu.post];
    expect((await t.call({ method: 'POST', url: '/api/blade-system/role/grant', headers: admin, payload: { roleIds: [roleId], menuIds } })).body.code).toBe(200);
    viewer = await t.login({ username: 'viewer', password: 'viewer-pw' });
  });

  it('shows only the granted menus under their ancestors', async () => {
    const routes = (await get('routes', viewer)).body.data;
    expect(routes.map((n: any) => n.code)).toEqual(['system']);
    expect(codesOf(routes).sort()).toEqual(['param', 'post', 'system']);
    expect(routes[0]).toMatchObject({ id: menu.system, parentId: '0', title: '系统管理', key: menu.system, value: menu.system, hasChildren: true });
  });

  it('lists only the granted buttons, under their menus', async () => {
    const buttons = (await get('buttons', viewer)).body.data;
    expect(codesOf(buttons).sort()).toEqual(['param', 'param_view', 'system']);
  });

  it('gives the platform administrator every menu and button', async () => {
    const all = await t.services.system.repo.list(t.services.model('system/menu'), systemContext(), { conditions: [], order: [] });
    const menus = all.filter((m) => Number(m.category) === 1).map((m) => String(m.code));
    expect(codesOf((await get('routes', admin)).body.data).sort()).toEqual(menus.sort());
    expect(codesOf((await get('buttons', admin)).body.data)).toContain('tenant_delete');
  });
});

describe('a tenant with a package', () => {
  let b: Record<string, string>;

  beforeAll(async () => {
    await addTenant(t.services, '000007', 'tenant-p-pw');
    const ctx = systemContext();
    const packageId = await t.services.system.repo.insert(t.services.model('system/tenant-package'), ctx, {
      packageName: 'p', menuId: [menu.system, menu.param, menu.param_add, menu.post].join(','),
    });
    const [tenant] = await t.services.system.repo.db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', '000007').execute();
    await t.services.system.repo.update(t.services.model('system/tenant'), ctx, String(tenant.id), { packageId });
    const [role] = await t.services.system.repo.list(t.services.model('system/role'), systemContext('000007'), { conditions: [], order: [] });
    await grantMenus(t.services, String(role.id), ['system', 'param', 'param_add', 'param_edit', 'dict', 'dict_add']);
    b = await t.login({ tenantId: '000007', password: 'tenant-p-pw' });
  });

  it('limits routes and buttons to the package even for its administrator', async () => {
    expect(codesOf((await get('routes', b)).body.data)).toEqual(['system', 'param']);
    expect(codesOf((await get('buttons', b)).body.data)).toEqual(['system', 'param', 'param_add']);
  });

  it('trims the grant trees to the role menus inside the package', async () => {
    const trees = (await get('grant-tree', b)).body.data;
    const titles = (nodes: any[]): string[] => nodes.flatMap((n) => [n.id, ...titles(n.children ?? [])]);
    expect(titles(trees.menu).sort()).toEqual([menu.system, menu.param, menu.param_add].sort());
    expect(titles((await get('grant-top-tree', b)).body.data).sort()).toEqual([menu.system, menu.param].sort());
  });

  it('grants nothing outside the package', async () => {
    // The package has no role screen, so the tenant cannot add roles itself: the set-up does.
    const refused = await t.call({ method: 'POST', url: '/api/blade-system/role/submit', headers: b, payload: { roleName: 'r', roleAlias: 'r', sort: 1 } });
    expect(refused.status).toBe(403);
    const roleId = await t.services.system.repo.insert(t.services.model('system/role'), systemContext('000007'), { roleName: 'r', roleAlias: 'r', sort: 1, parentId: '0' });
    const res = await t.call({
      method: 'POST', url: '/api/blade-system/role/grant', headers: b,
      payload: { roleIds: [roleId], menuIds: [menu.param, menu.param_add, menu.dict, menu.dict_add, menu.tenant] },
    });
    expect(res.body.code).toBe(200);
    const keys = (await get('role-tree-keys', b, { roleIds: roleId })).body.data.menu;
    expect(keys.sort()).toEqual([menu.param, menu.param_add].sort());
  });
});

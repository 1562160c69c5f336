import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus, menuIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * role/grant as the role screen's 权限设置 form (schemas/system/role.json, run kind route)
 * sends it: the keys and each tree as comma-joined text. The route keeps BladeX's contract.
 */
let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  menu = await menuIds(t.services);
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers = admin) => t.call({ method: 'POST', url: `/api/blade-system${url}`, headers, payload });
const keysOf = async (roleId: string, headers = admin) =>
  (await t.call({ method: 'GET', url: '/api/blade-system/menu/role-tree-keys', headers, query: { roleIds: roleId } })).body.data as { menu: string[]; dataScope: string[]; apiScope: string[] };
const joined = (...codes: string[]) => codes.map((c) => menu[c]).join(',');

async function addRole(roleAlias: string, headers = admin): Promise<string> {
  const res = await post('/role/submit', { roleName: roleAlias, roleAlias, sort: 1 }, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

async function linkRows() {
  const db = t.services.system.repo.db;
  const menus = await db.selectFrom('blade_role_menu').select(['id', 'role_id', 'menu_id']).orderBy('id').execute();
  const scopes = await db.selectFrom('blade_role_scope').select(['id', 'role_id', 'scope_id']).orderBy('id').execute();
  return JSON.stringify([menus, scopes]);
}

describe('role/grant as the 权限设置 form sends it', () => {
  it('stores from comma-joined text what JSON arrays store, and an empty tree clears its links', async () => {
    const byText = await addRole('form-text');
    const byArrays = await addRole('form-arrays');
    const text = await post('/role/grant', { roleIds: byText, menuIds: joined('system', 'param', 'param_add'), dataScopeIds: '', apiScopeIds: '' });
    expect(text.body).toMatchObject({ code: 200, success: true });
    const arrays = await post('/role/grant', { roleIds: [byArrays], menuIds: [menu.system, menu.param, menu.param_add], dataScopeIds: [], apiScopeIds: [] });
    expect(text.body).toEqual(arrays.body);
    expect((await keysOf(byText)).menu.sort()).toEqual((await keysOf(byArrays)).menu.sort());
    await post('/role/grant', { roleIds: byText, menuIds: '', dataScopeIds: '', apiScopeIds: '' });
    expect(await keysOf(byText)).toEqual({ menu: [], dataScope: [], apiScope: [] });
  });

  it('answers 403 to a caller holding no admin role, even with the role screen\'s buttons, and changes nothing', async () => {
    const dept = (await deptIds(t.services))['常州布雷德'];
    const clerk = await addRoleAndUser(t.services, { roleAlias: 'form-clerk', account: 'fclerk', password: 'fclerk-pw', deptId: dept });
    await grantMenus(t.services, clerk.roleId, ['authority', 'role', 'role_edit']);
    const headers = await t.login({ username: 'fclerk', password: 'fclerk-pw' });
    const before = await linkRows();
    const res = await post('/role/grant', { roleIds: clerk.roleId, menuIds: joined('system', 'tenant'), dataScopeIds: '', apiScopeIds: '' }, headers);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(await linkRows()).toBe(before);
  });

  it('answers 400 naming the parameter for ids that are not ids, or no role, and changes nothing', async () => {
    const roleId = await addRole('form-bad-ids');
    await post('/role/grant', { roleIds: roleId, menuIds: joined('desk') });
    const before = await linkRows();
    for (const [payload, name] of [
      [{ roleIds: roleId, menuIds: `${menu.desk},1 or 1=1` }, 'menuIds'],
      [{ roleIds: `${roleId},abc`, menuIds: menu.desk }, 'roleIds'],
      [{ roleIds: roleId, dataScopeIds: '-1' }, 'dataScopeIds'],
      [{ roleIds: roleId, apiScopeIds: 'x' }, 'apiScopeIds'],
      [{ roleIds: '', menuIds: menu.desk }, 'roleIds'],
    ] as const) {
      const res = await post('/role/grant', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.msg, JSON.stringify(payload)).toContain(name);
    }
    expect(await linkRows()).toBe(before);
  });
});

describe("a tenant administrator's grants, 20 at once", () => {
  it("refuses another tenant's roles, grants its own roles no menu beyond its own, and no other row changes", async () => {
    const platformRole = await addRole('form-platform');
    await post('/role/grant', { roleIds: platformRole, menuIds: joined('system', 'param', 'param_add') });
    await addTenant(t.services, '000003', 'tenant-c-pw');
    const [cAdmin] = await t.services.system.repo.list(t.services.model('system/role'), systemContext('000003'), { conditions: [], order: [] });
    await grantMenus(t.services, String(cAdmin.id), ['system', 'dept', 'role', 'authority']);
    const c = await t.login({ tenantId: '000003', password: 'tenant-c-pw' });
    const own = await addRole('form-own', c);
    const held = new Set((await keysOf(String(cAdmin.id), c)).menu);
    const platformBefore = JSON.stringify(await keysOf(platformRole));
    const wanted = joined('system', 'dept', 'tenant', 'param', 'param_add', 'menu', 'user');
    const rowsBefore = await linkRows();

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0
      ? post('/role/grant', { roleIds: platformRole, menuIds: wanted, dataScopeIds: '', apiScopeIds: '' }, c)
      : post('/role/grant', { roleIds: `${own},${platformRole}`, menuIds: wanted }, c))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(404));
    expect(await linkRows()).toBe(rowsBefore);
    expect(JSON.stringify(await keysOf(platformRole))).toBe(platformBefore);
    expect((await keysOf(own, c)).menu).toEqual([]);

    const granted = await Promise.all(Array.from({ length: 20 }, () => post('/role/grant', { roleIds: own, menuIds: wanted, dataScopeIds: '', apiScopeIds: '' }, c)));
    expect(granted.map((a) => a.body.code)).toEqual(Array(20).fill(200));
    const ownMenus = (await keysOf(own, c)).menu;
    expect(ownMenus.length).toBeGreaterThan(0);
    expect(ownMenus.filter((id) => !held.has(id))).toEqual([]);
    expect(ownMenus).not.toContain(menu.tenant);
    expect(ownMenus).not.toContain(menu.param);
    expect(JSON.stringify(await keysOf(platformRole))).toBe(platformBefore);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * role/grant (权限设置) and topmenu/grant (菜单配置) are x-actions of run kind hook: the
 * engine serves them (its route, its API docs, its success text in the caller's language),
 * takes several keys while the console's button acts on one row (severalKeys), and the
 * modules only do the work in the action's transaction.
 */
let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  admin = await t.login();
  menu = await menuIds(t.services);
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers = admin) => t.call({ method: 'POST', url: `/api/blade-system${url}`, headers, payload });

async function added(url: string, payload: object): Promise<string> {
  const res = await post(url, payload);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

describe('the role and top menu grants', () => {
  it('are engine routes, in both path forms', () => {
    for (const url of ['/api/blade-system/role/grant', '/blade-system/role/grant', '/api/blade-system/topmenu/grant', '/blade-system/topmenu/grant']) {
      expect(t.routes.find((r) => r.method === 'POST' && r.url === url)?.servedBy, url).toBe('engine');
    }
  });

  it("are documented as their entities' actions", async () => {
    const paths = (await t.call({ method: 'GET', url: '/api/docs/json' })).body.paths;
    expect(paths['/api/blade-system/role/grant'].post).toMatchObject({ tags: ['system/role'], summary: 'Roles: Permissions' });
    expect(paths['/api/blade-system/topmenu/grant'].post).toMatchObject({ tags: ['system/top-menu'], summary: 'Top menus: Menus' });
  });

  it("answer the engine's success text in the caller's language", async () => {
    const role = await added('/role/submit', { roleName: 'engine-grant', roleAlias: 'engine-grant', sort: 1 });
    const top = await added('/topmenu/submit', { name: 'engine-grant', code: 'engine-grant', sort: 1 });
    const en = { ...admin, 'accept-language': 'en' };
    expect((await post('/role/grant', { roleIds: [role], menuIds: [menu.desk] }, en)).body).toEqual({ code: 200, success: true, data: {}, msg: 'operation success' });
    expect((await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param] }, en)).body).toEqual({ code: 200, success: true, data: {}, msg: 'operation success' });
    expect((await post('/role/grant', { roleIds: [role], menuIds: [menu.desk] })).body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
  });

  it("take several keys in one call while the console's button acts on one row", async () => {
    const roles = [await added('/role/submit', { roleName: 'several-a', roleAlias: 'several-a', sort: 1 }), await added('/role/submit', { roleName: 'several-b', roleAlias: 'several-b', sort: 1 })];
    expect((await post('/role/grant', { roleIds: roles.join(','), menuIds: [menu.desk] })).body.code).toBe(200);
    for (const roleId of roles) {
      const keys = await t.call({ method: 'GET', url: '/api/blade-system/menu/role-tree-keys', headers: admin, query: { roleIds: roleId } });
      expect(keys.body.data.menu, roleId).toEqual([menu.desk]);
    }
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers: admin })).body.data as { key: string; actions: { key: string; rows: string; run: { kind: string } }[] }[];
    const actionOf = (model: string, key: string) => models.find((m) => m.key === model)!.actions.find((a) => a.key === key)!;
    expect(actionOf('system/role', 'grant')).toMatchObject({ rows: 'one', run: { kind: 'hook' } });
    expect(actionOf('system/top-menu', 'setting')).toMatchObject({ rows: 'one', run: { kind: 'hook' } });
  });
});

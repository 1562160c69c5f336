import { describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds, grantMenus, menuIds } from '../support/add-user.js';
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

const get = (url: string, query: Record<string, string> = {}, headers = admin) => t.call({ method: 'GET', url: `/api/blade-system${url}`, headers, query });
const post = (url: string, payload: object, headers = admin) => t.call({ method: 'POST', url: `/api/blade-system${url}`, headers, payload });
const codesOf = (nodes: any[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);

async function addTopMenu(code: string): Promise<string> {
  const res = await post('/topmenu/submit', { name: code, code, sort: 1 });
  expect(res.body.code).toBe(200);
  return String(res.body.data.id);
}

describe('top menus', () => {
  it('grants menus that top-tree-keys answers, replacing the previous ones and leaving buttons out', async () => {
    const top = await addTopMenu('ops');
    expect((await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param, menu.post] })).body.code).toBe(200);
    expect((await get('/menu/top-tree-keys', { topMenuIds: top })).body.data.menu.sort()).toEqual([menu.param, menu.post].sort());
    await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param, menu.param_add] });
    expect((await get('/menu/top-tree-keys', { topMenuIds: top })).body.data).toEqual({ menu: [menu.param] });
    expect((await get('/menu/top-menu')).body.data.map((m: any) => m.code)).toContain('ops');
  });

  it('narrows routes to the top menu, with ancestors, for the administrator and for a role', async () => {
    const top = await addTopMenu('ops2');
    await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param, menu.dict] });
    expect(codesOf((await get('/menu/routes', { topMenuId: top })).body.data).sort()).toEqual(['dict', 'param', 'system']);
    const dept = (await deptIds(t.services))['常州布雷德'];
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'topuser', account: 'topuser', password: 'topuser-pw', deptId: dept });
    await grantMenus(t.services, roleId, ['param', 'post']);
    const user = await t.login({ username: 'topuser', password: 'topuser-pw' });
    expect(codesOf((await get('/menu/routes', { topMenuId: top }, user)).body.data)).toEqual(['system', 'param']);
    expect(codesOf((await get('/menu/routes', {}, user)).body.data).sort()).toEqual(['param', 'post', 'system']);
  });

  it('drops the settings of a removed top menu', async () => {
    const top = await addTopMenu('gone');
    await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param] });
    expect((await t.call({ method: 'POST', url: '/api/blade-system/topmenu/remove', headers: admin, query: { ids: top } })).body.code).toBe(200);
    const rows = await t.services.system.repo.db.selectFrom('blade_top_menu_setting').select('id').where('top_menu_id', '=', top).execute();
    expect(rows).toEqual([]);
  });

  it('needs top menu ids, and an admin role', async () => {
    expect((await post('/topmenu/grant', { menuIds: [menu.param] })).status).toBe(400);
    const dept = (await deptIds(t.services))['常州布雷德'];
    await addRoleAndUser(t.services, { roleAlias: 'topclerk', account: 'topclerk', password: 'topclerk-pw', deptId: dept });
    const clerk = await t.login({ username: 'topclerk', password: 'topclerk-pw' });
    const top = await addTopMenu('ops3');
    expect((await post('/topmenu/grant', { topMenuIds: [top], menuIds: [menu.param] }, clerk)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds, grantMenus, menuIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  const dept = (await deptIds(t.services))['常州布雷德'];
  const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'twomenus', account: 'twomenus', password: 'twomenus-pw', deptId: dept });
  // Two screens: posts and notices.
  await grantMenus(t.services, roleId, ['system', 'post', 'desk', 'notice']);
  clerk = await t.login({ username: 'twomenus', password: 'twomenus-pw' });
});
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string> = {}, headers = clerk) =>
  t.call({ method: 'GET', url: `/api${url}`, headers: { ...headers, 'accept-language': 'en' }, query });

describe('a screen and its reads need the menu grant', () => {
  it('answers the granted screens\' reads', async () => {
    expect((await get('/blade-system/post/list')).body.code).toBe(200);
    expect((await get('/blade-desk/notice/list')).body.code).toBe(200);
  });

  it.each([
    ['/blade-user/page'],
    ['/blade-user/user-list'],
    ['/blade-system/tenant/list'],
    ['/blade-system/client/list'],
    ['/blade-system/param/list'],
    ['/blade-system/role/list'],
    ['/blade-system/menu/list'],
    ['/blade-system/menu/lazy-list'],
    ['/blade-system/dept/lazy-list'],
    ['/blade-system/dict/list'],
    ['/blade-log/api/list'],
    ['/blade-resource/oss/list'],
  ])('refuses %s with 403 「无权限执行该操作」', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false, msg: 'you have no permission for this operation' });
    const zh = await t.call({ method: 'GET', url: `/api${url}`, headers: clerk });
    expect(zh.body.msg).toBe('无权限执行该操作');
  });

  it('refuses the detail of an ungranted screen', async () => {
    const users = await get('/blade-user/page', {}, admin);
    expect((await get('/blade-user/detail', { id: users.body.data.records[0].id })).status).toBe(403);
  });

  it('keeps the lookups every screen needs: dictionaries, routes, buttons, top menus, user info, selects', async () => {
    for (const [url, query] of [
      ['/blade-system/dict/dictionary', { code: 'sex' }],
      ['/blade-system/dict-biz/dictionary', { code: 'x' }],
      ['/blade-system/menu/routes', {}],
      ['/blade-system/menu/buttons', {}],
      ['/blade-system/menu/top-menu', {}],
      ['/blade-auth/oauth/user-info', {}],
      ['/blade-system/post/select', {}],
      ['/blade-system/tenant/select', {}],
    ] as [string, Record<string, string>][]) {
      expect((await get(url, query)).status, url).toBe(200);
    }
  });

  it('lets the pickers of a granted screen through: the user screen reads the role and department trees', async () => {
    expect((await get('/blade-system/role/tree')).status).toBe(403);
    const ids = await menuIds(t.services);
    expect(ids.user).toBeTruthy();
    const dept = (await deptIds(t.services))['常州布雷德'];
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'userscreen', account: 'userscreen', password: 'userscreen-pw', deptId: dept });
    await grantMenus(t.services, roleId, ['system', 'user']);
    const userScreen = await t.login({ username: 'userscreen', password: 'userscreen-pw' });
    for (const url of ['/blade-system/role/tree', '/blade-system/dept/tree', '/blade-user/page']) {
      expect((await get(url, {}, userScreen)).status, url).toBe(200);
    }
    expect((await get('/blade-system/param/list', {}, userScreen)).status).toBe(403);
  });

  it('leaves the platform administrator every screen', async () => {
    for (const url of ['/blade-user/page', '/blade-system/tenant/list', '/blade-system/client/list']) {
      expect((await get(url, {}, admin)).body.code, url).toBe(200);
    }
  });
});

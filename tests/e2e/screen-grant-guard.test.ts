import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
let account: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const menus = await admin.menuIds();
  const stamp = Date.now().toString(36).slice(-4);
  const role = await admin.post('/blade-system/role/submit', { roleName: `两个菜单${stamp}`, roleAlias: `twomenus${stamp}`, sort: 9, parentId: '0' });
  await admin.post('/blade-system/role/grant', {
    roleIds: [role.id], menuIds: [menus.system, menus.post, menus.desk, menus.notice], dataScopeIds: [], apiScopeIds: [],
  });
  const depts: { id: string }[] = await admin.get('/blade-system/dept/list');
  account = `two${stamp}`;
  await admin.post('/blade-user/submit', { account, name: account, realName: account, password: 'two-pw', roleId: role.id, deptId: depts[0].id, userType: 1 });
});
afterAll(() => browser?.close());

describe('a granted menu is a wall: typed addresses of ungranted screens', () => {
  it('show the 403 page inside the layout, while granted screens open', async () => {
    const page = await newPage(browser);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn({ username: account, password: 'two-pw' });
    await page.waitForURL('**/wel/index');
    // A hand-written screen (users), an entity screen (params), a platform screen (tenants).
    for (const path of ['/system/user/index', '/system/param/index', '/system/tenant/index']) {
      await page.goto(path);
      await page.getByTestId('layout').waitFor();
      await page.getByTestId('error-403').waitFor();
      expect(await page.getByText('抱歉,您无权访问该页面').count(), path).toBeGreaterThan(0);
    }
    await page.goto('/system/post/index');
    await page.getByTestId('layout').waitFor();
    await page.locator('table').first().waitFor();
    expect(await page.getByTestId('error-403').count()).toBe(0);
    await page.context().close();
  });
});

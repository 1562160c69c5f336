import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';
import { Sidebar } from './pages/sidebar.js';

const suite = withBrowserAndApi();

const stamp = () => Date.now().toString(36);

describe('菜单: route addresses', () => {
  it('refuses a menu without a route address in the form', async () => {
    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/menu');
    await list.clickAdd();
    const dialog = new DialogPage(page);
    const code = `nopath_${stamp()}`;
    await dialog.fill({ name: `无地址 ${code}`, code, alias: 'menu', sort: '1' });
    await dialog.submit();
    await dialog.expectText('请输入路由地址');
    expect((await suite.admin.get('/blade-system/menu/list', { code })).length ?? 0).toBe(0);
  });

  it('opens a new menu whose address has no screen on a page that says so, in its tab', async () => {
    const code = `noscreen_${stamp()}`;
    await suite.admin.post('/blade-system/menu/submit', {
      parentId: suite.menus.system, name: `新菜单 ${code}`, code, alias: 'menu', category: 1, sort: 99, path: `/system/${code}`,
    });
    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    await new Sidebar(page).open('/system', `/system/${code}`);
    await page.getByTestId('no-screen').waitFor();
    expect(await page.getByTestId('no-screen').textContent()).toContain(`菜单「新菜单 ${code}」还没有页面`);
    expect(page.url()).not.toContain('/404');
  });
});

import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

describe('the sidebar follows writes that change it (x-refreshes-menu)', () => {
  it('shows a menu added in 菜单管理 at once, and drops it when it is deleted, without a reload', async () => {
    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/menu');
    const code = `live${Date.now().toString(36)}`;
    await list.clickAdd();
    const dialog = new DialogPage(page);
    await dialog.fill({ name: `即时菜单 ${code}`, code, alias: 'menu', sort: '99', path: `/${code}` });
    await dialog.submit();
    await dialog.expectText('新增成功');
    const item = page.getByTestId('sidebar').locator(`[data-menu-path^="/${code}"]`);
    await item.first().waitFor();
    expect(await item.first().textContent()).toContain(`即时菜单 ${code}`);
    await list.rowAction(`即时菜单 ${code}`, 'delete');
    await dialog.confirm();
    await dialog.expectText('删除成功');
    await item.first().waitFor({ state: 'detached' });
    expect((await suite.admin.get<unknown[]>('/blade-system/menu/list', { code })).length).toBe(0);
  });
});

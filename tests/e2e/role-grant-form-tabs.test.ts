import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

describe('an x-actions form on tabs (the role 权限设置)', () => {
  it('shows each tree on its tab, keeps the others mounted, and saves menus with half-ticked parents and scopes as scope rows', async () => {
    const alias = `tabs${Date.now().toString(36)}`;
    const role = await suite.admin.post('/blade-system/role/submit', { roleName: alias, roleAlias: alias, sort: 97 });
    const { system, param, param_add: paramAdd, user, user_add: userAdd } = suite.menus;
    const scope = await suite.admin.post('/blade-system/data-scope/submit', {
      menuId: param, resourceCode: 'param', scopeName: `参数管理 [${alias}]`, scopeType: 2, scopeColumn: 'create_user',
    });
    await suite.admin.post('/blade-system/role/grant', { roleIds: [role.id], menuIds: [system, param, paramAdd] });
    try {
      const page = await newPage(suite.browser);
      await new LoginPage(page).signInAsAdmin();
      const list = new ListPage(page);
      await list.openFromMenu('/authority', '/authority/role');
      const sent: string[] = [];
      page.on('request', (req) => { if (req.url().includes('/blade-system/role/grant')) sent.push(req.postData() ?? ''); });
      await list.row(alias).first().locator('[data-action="grant"]').click();
      expect(await page.locator('#role_grant_dialog_title').textContent()).toBe('角色权限配置');
      expect(await page.locator('#role_grant_tab_menu').textContent()).toBe('菜单权限');
      expect(await page.locator('#role_grant_tab_dataScope').textContent()).toBe('数据权限');
      expect(await page.locator('#role_grant_tab_apiScope').textContent()).toBe('接口权限');

      const menuBox = (id: string) => page.locator(`#role_grant_menuIds_${id}`);
      await menuBox(paramAdd).waitFor();
      await expect.poll(() => menuBox(paramAdd).isChecked()).toBe(true);
      expect(await menuBox(param).isChecked()).toBe(false);
      await menuBox(user).check();
      expect(await menuBox(userAdd).isChecked()).toBe(true);
      expect(await page.locator('#role_grant_panel_dataScope').isVisible()).toBe(false);

      await page.locator('#role_grant_tab_dataScope').click();
      expect(await page.locator('#role_grant_panel_menu').isVisible()).toBe(false);
      const scopeBox = page.locator(`#role_grant_dataScopeIds_${scope.id}`);
      await scopeBox.waitFor();
      await scopeBox.check();
      await page.locator('#role_grant_dialog_submit').click();
      await new DialogPage(page).expectText('操作成功');
      await page.locator('#role_grant_dialog').waitFor({ state: 'detached' });

      const body = JSON.parse(sent[0]!);
      expect(body.roleIds).toBe(String(role.id));
      expect(body.menuIds.split(',')).toEqual(expect.arrayContaining([system, param, paramAdd, user, userAdd]));
      expect(body.dataScopeIds).toBe(String(scope.id));
      const saved: { menu: string[]; dataScope: string[] } = await suite.admin.get('/blade-system/menu/role-tree-keys', { roleIds: role.id });
      expect(saved.menu.map(String)).toEqual(expect.arrayContaining([system, param, paramAdd, user, userAdd]));
      expect(saved.dataScope.map(String)).toEqual([String(scope.id)]);
      await page.context().close();
    } finally {
      await suite.admin.post(`/blade-system/role/remove?ids=${role.id}`, {}).catch(() => undefined);
      await suite.admin.post(`/blade-system/data-scope/remove?ids=${scope.id}`, {}).catch(() => undefined);
    }
  });
});

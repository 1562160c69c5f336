import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

describe('tenant onboarding', () => {
  it('creates a tenant in the console; its admin signs in and sees only the package menus', async () => {
    const name = `E2E tenant ${Date.now()}`;
    await suite.admin.post('/blade-system/tenant-package/submit', {
      packageName: `${name} package`, menuId: ['desk', 'notice', 'system', 'post'].map((c) => suite.menus[c]).join(','),
    });

    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    const tenants = new ListPage(page);
    await tenants.openFromMenu('/system', '/system/tenant');
    await tenants.clickAdd();
    const dialog = new DialogPage(page);
    await dialog.fill({ tenantName: name, linkman: 'Onboarding' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await tenants.search('tenantName', name);
    const row = tenants.row(name).first();
    await row.waitFor();
    await row.locator('input[type="checkbox"]').check();
    await page.locator('#toolbar_package').click();
    await page.locator('#tenant_package_packageId').click();
    await page.getByRole('option', { name: `${name} package` }).click();
    await page.locator('#tenant_package_dialog_submit').click();
    await dialog.expectText('操作成功');

    const [created] = (await suite.admin.get('/blade-system/tenant/list', { tenantName: name })).records;
    const tenantPage = await newPage(suite.browser);
    const login = new LoginPage(tenantPage);
    await login.open();
    await login.signIn({ tenantId: created.tenantId, username: 'admin', password: '123456' });
    await tenantPage.waitForURL('**/wel/index');
    await tenantPage.locator('[data-menu-path="/system"]').waitFor();
    expect(await tenantPage.locator('[data-menu-path="/desk"]').count()).toBe(1);
    expect(await tenantPage.locator('[data-menu-path="/base"]').count()).toBe(0);
    expect(await tenantPage.locator('[data-menu-path="/authority"]').count()).toBe(0);
    await tenantPage.locator('[data-menu-path="/system"]').click();
    await tenantPage.locator('[data-menu-path="/system/post/index"]').waitFor();
    expect(await tenantPage.locator('[data-menu-path="/system/user/index"]').count()).toBe(0);
  });
});

describe('data scope in the console', () => {
  it('shows a role limited to its own department only that department\'s users', async () => {
    const depts: any[] = await suite.admin.get('/blade-system/dept/list');
    const flat: any[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => { flat.push(n); walk(n.children ?? []); });
    walk(depts);
    const changzhou = flat.find((d) => d.deptName === '常州布雷德').id;
    const suzhou = flat.find((d) => d.deptName === '苏州布雷德').id;
    const role = await suite.admin.post('/blade-system/role/submit', { roleName: '部门查看', roleAlias: 'deptviewer', sort: 5, parentId: '0' });
    const scope = await suite.admin.post('/blade-system/data-scope/submit', {
      menuId: suite.menus.user, resourceCode: 'user', scopeName: '用户 [所在机构可见]', scopeType: 3, scopeColumn: 'dept_id',
    });
    await suite.admin.post('/blade-system/role/grant', {
      roleIds: [role.id], menuIds: [suite.menus.system, suite.menus.user, suite.menus.user_view], dataScopeIds: [scope.id], apiScopeIds: [],
    });
    const stamp = Date.now().toString(36).slice(-4);
    for (const [account, deptId] of [[`viewer${stamp}`, changzhou], [`cz${stamp}`, changzhou], [`sz${stamp}`, suzhou]]) {
      await suite.admin.post('/blade-user/submit', {
        account, name: account, realName: account, password: 'viewer-pw', roleId: role.id,
        deptId, userType: 1,
      });
    }

    const page = await newPage(suite.browser);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn({ username: `viewer${stamp}`, password: 'viewer-pw' });
    await page.waitForURL('**/wel/index');
    const users = new ListPage(page);
    await users.openFromMenu('/system', '/system/user');
    await users.row(`cz${stamp}`).first().waitFor();
    const text = await users.table().textContent();
    expect(text).toContain(`viewer${stamp}`);
    expect(text).not.toContain(`sz${stamp}`);
    expect(text).not.toContain('管理员');
  });
});

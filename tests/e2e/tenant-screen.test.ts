import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

const stamp = () => Date.now().toString(36);

async function tenantScreen() {
  const page = await newPage(suite.browser);
  await new LoginPage(page).signInAsAdmin();
  const list = new ListPage(page);
  await list.openFromMenu('/system', '/system/tenant');
  return { page, list, dialog: new DialogPage(page) };
}

describe('租户管理', () => {
  it('shows an unlimited quota (-1) and an empty expiry as 不限制, in the list and in the view dialog', async () => {
    const name = `Unlimited ${stamp()}`;
    await suite.admin.post('/blade-system/tenant/submit', { tenantName: name, linkman: 'Quota' });
    const [created] = (await suite.admin.get('/blade-system/tenant/list', { tenantName: name })).records;
    await suite.admin.post('/blade-system/tenant/setting', { ids: created.id, accountNumber: -1 });
    const [row] = (await suite.admin.get('/blade-system/tenant/list', { tenantName: name })).records;
    expect(row).toMatchObject({ accountNumber: -1, expireTime: '' });
    const { list, dialog } = await tenantScreen();
    await list.search('tenantName', name);
    const cells = await list.row(name).first().locator('td').allTextContents();
    expect(cells.filter((text) => text === '不限制')).toHaveLength(2);
    expect(cells).not.toContain('-1');
    await list.rowAction(name, 'view');
    await expect.poll(() => dialog.field('accountNumber').inputValue()).toBe('不限制');
    expect(await dialog.field('expireTime').inputValue()).toBe('不限制');
  });

  it('adds a tenant with its product package chosen in the form', async () => {
    const name = `Packaged ${stamp()}`;
    await suite.admin.post('/blade-system/tenant-package/submit', { packageName: `${name} package`, menuId: [suite.menus.desk, suite.menus.notice].join(',') });
    const [pkg] = (await suite.admin.get('/blade-system/tenant-package/list', { packageName: `${name} package` })).records;
    const { page, list, dialog } = await tenantScreen();
    await list.clickAdd();
    await page.locator('#root_datasourceId').waitFor();
    await dialog.fill({ tenantName: name, linkman: 'Package' });
    await page.locator('#root_packageId').click();
    await page.getByRole('option', { name: `${name} package` }).click();
    await dialog.submit();
    await dialog.expectText('新增成功');
    const [created] = (await suite.admin.get('/blade-system/tenant/list', { tenantName: name })).records;
    expect(created.packageId).toBe(pkg.id);
  });
});

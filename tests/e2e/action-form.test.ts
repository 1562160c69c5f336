import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

describe('an x-actions form (the tenant 授权配置)', () => {
  it('shows the field message for a bad value and sends nothing, then saves a good one and reloads the list', async () => {
    const name = `Form ${Date.now().toString(36)}`;
    await suite.admin.post('/blade-system/tenant/submit', { tenantName: name, linkman: 'Form' });
    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/tenant');
    await list.search('tenantName', name);
    await list.row(name).first().locator('input[type="checkbox"]').check();
    const sent: string[] = [];
    page.on('request', (req) => { if (req.url().includes('/blade-system/tenant/setting')) sent.push(req.postData() ?? ''); });

    await page.locator('#toolbar_setting').click();
    expect(await page.locator('#tenant_setting_dialog_title').textContent()).toBe('租户授权配置');
    const quota = page.locator('#tenant_setting_accountNumber');
    await quota.fill('1000000000');
    await quota.blur();
    await new DialogPage(page).expectText('账号额度不能大于999999999');
    await page.locator('#tenant_setting_dialog_submit').click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(await page.locator('#tenant_setting_dialog').isVisible()).toBe(true);

    await quota.fill('7');
    await quota.blur();
    await page.locator('#tenant_setting_dialog_submit').click();
    await new DialogPage(page).expectText('操作成功');
    await page.locator('#tenant_setting_dialog').waitFor({ state: 'detached' });
    expect(JSON.parse(sent[0]!)).toMatchObject({ accountNumber: 7 });
    const [row] = (await suite.admin.get('/blade-system/tenant/list', { tenantName: name })).records;
    expect(row.accountNumber).toBe(7);
    await list.row(name).first().getByText('7', { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('an x-actions form with a tree-check (the top menu 菜单配置)', () => {
  it('opens with the saved menus ticked and saves a ticked leaf with its half-ticked parent', async () => {
    const name = `Tree ${Date.now().toString(36)}`;
    await suite.admin.post('/blade-system/topmenu/submit', { name, code: name.replace(/\W/g, '_'), source: 'iconfont iconicon_setting', sort: 98 });
    const [created] = (await suite.admin.get('/blade-system/topmenu/list', { name })).records;
    const { system, user, param } = suite.menus;
    await suite.admin.post('/blade-system/topmenu/grant', { topMenuIds: [created.id], menuIds: [system, user] });
    try {
      const page = await newPage(suite.browser);
      await new LoginPage(page).signInAsAdmin();
      const list = new ListPage(page);
      await list.openFromMenu('/system', '/system/topmenu');
      await list.row(name).first().locator('input[type="checkbox"]').check();
      await page.locator('#toolbar_setting').click();
      expect(await page.locator('#topmenu_setting_dialog_title').textContent()).toBe('下级菜单配置');
      const box = (id: string) => page.locator(`#topmenu_setting_menuIds_${id}`);
      await box(user).waitFor();
      await expect.poll(() => box(user).isChecked()).toBe(true);
      expect(await box(param).isChecked()).toBe(false);
      await box(param).check();
      await page.locator('#topmenu_setting_dialog_submit').click();
      await new DialogPage(page).expectText('操作成功');
      const saved: { menu: string[] } = await suite.admin.get('/blade-system/menu/top-tree-keys', { topMenuIds: created.id });
      expect(saved.menu.map(String)).toEqual(expect.arrayContaining([system, user, param]));
      await page.context().close();
    } finally {
      await suite.admin.post(`/blade-system/topmenu/remove?ids=${created.id}`, {}).catch(() => undefined);
    }
  });
});

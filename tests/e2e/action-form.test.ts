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

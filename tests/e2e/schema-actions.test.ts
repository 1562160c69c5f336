import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(() => browser?.close());

describe('schema actions (x-actions) on the console', () => {
  it('runs a toolbar action on the selection after its confirmation, and asks for a selection first', async () => {
    const users = new ListPage(page);
    await users.openFromMenu('/system', '/system/user');
    // Other suites add users, so the administrator may not be on the first page.
    await users.search('account', 'admin');
    const admin = users.row('admin').first();
    await admin.waitFor();
    await page.locator('#toolbar_unlock').click();
    const dialog = new DialogPage(page);
    await dialog.expectText('请选择至少一条数据');

    await admin.locator('input[type="checkbox"]').first().check();
    const unlock = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/blade-user/unlock?userIds='));
    await page.locator('#toolbar_unlock').click();
    await dialog.expectText('确定将选择账号解封？');
    await dialog.confirm();
    expect(new URL((await unlock).url()).searchParams.get('userIds')).toMatch(/^\d+$/);
    await dialog.expectText('操作成功');
  });

  it('runs a row action after its confirmation (OSS enable, declared in the schema only)', async () => {
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    const enable = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/blade-resource/oss/enable?id='));
    await oss.row('local').first().locator('[data-action="enable"]').click();
    const dialog = new DialogPage(page);
    await dialog.expectText('是否确定启用这条配置?');
    await dialog.confirm();
    await enable;
    await dialog.expectText('操作成功');
  });
});

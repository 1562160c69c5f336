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

  it('sends an action form\'s file at once as multipart and shows the uploaded file, the dialog staying open (OSS 调试)', async () => {
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    await oss.row('local').first().locator('[data-action="debug"]').click();
    await page.locator('#oss_debug_dialog').waitFor();
    const dialog = new DialogPage(page);
    await page.locator('#oss_debug_submit').click();
    await dialog.expectText('请先上传文件');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/blade-resource/oss/endpoint/put-file?'));
    const name = `schema-upload-${Date.now().toString(36)}.png`;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.locator('#oss_debug_file').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    const request = await sent;
    expect(new URL(request.url()).searchParams.get('code')).toBe('local');
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const link = page.locator('#oss_debug_link');
    await link.waitFor();
    const url = ((await link.textContent()) ?? '').slice('获取到图片地址:'.length);
    expect(url).toMatch(/\.png(\?|$)/);
    expect(await page.locator('#oss_debug_image').getAttribute('src')).toBe(url);
    const answer = await page.evaluate(async (src) => (await fetch(src)).status, url);
    expect(answer).toBe(200);
    expect(await page.locator('#oss_debug_dialog').isVisible()).toBe(true);
    await page.locator('#oss_debug_dialog_cancel').click();
    await page.locator('#oss_debug_dialog').waitFor({ state: 'detached' });
  });
});

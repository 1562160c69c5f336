import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { ResourceDialogs, TINY_PNG } from './pages/resource-dialogs.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(() => browser?.close());

const stamp = () => Date.now().toString(36);

describe('resource screens', () => {
  it('uploads a picture through the OSS debug dialog and finds it among the attachments', async () => {
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    const row = oss.row('local').first();
    await row.waitFor();
    expect(await row.locator('[data-action="enable"]').count()).toBe(1);
    await row.locator('[data-action="debug"]').click();
    const dialogs = new ResourceDialogs(page);
    expect(await page.locator('#oss_debug_dialog_title').textContent()).toBe('对象存储上传调试');
    expect(await page.locator('#oss_debug_code').inputValue()).toBe('local');
    const name = `oss-debug-${stamp()}.png`;
    const link = await dialogs.ossDebugUpload({ name, buffer: TINY_PNG });
    const text = (await link.textContent()) ?? '';
    expect(text).toMatch(/^获取到图片地址:\S+\.png/);
    const url = text.slice('获取到图片地址:'.length);
    await page.locator('#oss_debug_image').waitFor();
    expect(await page.locator('#oss_debug_image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await dialogs.ossDebugSubmit();
    await new DialogPage(page).expectText(`获取到图片地址:${url}`);
    await dialogs.close('oss_debug_dialog');

    const attach = new ListPage(page);
    await attach.openFromMenu('/resource', '/resource/attach');
    await attach.search('originalName', name);
    await attach.row(name).first().waitFor();
  });

  it('enables a configuration after the confirmation', async () => {
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    await oss.row('local').first().locator('[data-action="enable"]').click();
    const dialog = new DialogPage(page);
    await dialog.expectText('是否确定启用这条配置?');
    await dialog.confirm();
    await dialog.expectText('操作成功');
  });

  it('labels the status column from the yes_no dictionary: the enabled row reads 是, not 2', async () => {
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    await page.locator('thead th').filter({ hasText: '状态' }).first().waitFor();
    const cells = await oss.row('local').first().locator('td').allInnerTexts();
    expect(cells.map((c) => c.trim())).toContain('是');
    expect(cells.map((c) => c.trim())).not.toContain('2');
  });

  it('sends an SMS through the debug dialog and sees it in the SMS log', async () => {
    const sms = new ListPage(page);
    await sms.openFromMenu('/resource', '/resource/sms');
    await sms.row('log').first().locator('[data-action="debug"]').click();
    expect(await page.locator('#sms_debug_params').getAttribute('placeholder')).toBe('{"code":2333,"title":"通知标题"}');
    const phone = `139${String(Date.now()).slice(-8)}`;
    await new ResourceDialogs(page).smsDebugSend({ phones: phone, params: '{"code":2333,"title":"通知标题"}' });
    await page.locator('#sms_debug_dialog').waitFor({ state: 'detached' });
    await new DialogPage(page).expectText('短信发送成功');

    const logs = new ListPage(page);
    await logs.openFromMenu('/resource', '/resource/sms-log');
    await logs.search('phone', phone);
    await logs.row(phone).first().waitFor();
  });

  it('uploads a file through the attachment dialog and the list shows it', async () => {
    const attach = new ListPage(page);
    await attach.openFromMenu('/resource', '/resource/attach');
    await page.locator('#toolbar_upload').click();
    expect(await page.locator('#attach_upload_dialog_title').textContent()).toBe('附件管理');
    const name = `attach-${stamp()}.txt`;
    await new ResourceDialogs(page).attachUpload({ name, mimeType: 'text/plain', buffer: Buffer.from('hello attachments') });
    await new DialogPage(page).expectText('操作成功');
    await attach.row(name).first().waitFor();
    const row = attach.row(name).first();
    const [popup] = await Promise.all([page.waitForEvent('popup'), row.locator('[data-action="download"]').click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/^https?:\/\/.+\.txt/);
    await popup.close();
  });
});

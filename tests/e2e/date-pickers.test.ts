import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { NoticeForm } from './pages/notice-form.js';
import { openAdminScreen } from './support/admin-screen.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
let form: NoticeForm;

beforeAll(async () => {
  ({ browser, page, list, dialog } = await openAdminScreen('/desk', '/desk/notice'));
  form = new NoticeForm(page);
});
afterAll(() => browser?.close());

function submittedBody(): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((req) => req.url().includes('/blade-desk/notice/submit'))
    .then((req) => JSON.parse(req.postData() ?? '{}') as Record<string, unknown>);
}

describe('date pickers (issue 11 item 8)', () => {
  it('shows yyyy-MM-dd HH:mm:ss in the zh console, with a Chinese 24-hour calendar, and sends that text', async () => {
    await list.clickAdd();
    const input = form.field('releaseTime');
    await input.waitFor();
    expect(await input.getAttribute('placeholder')).toBe('YYYY-MM-DD hh:mm:ss');
    await page.getByRole('dialog').getByRole('button', { name: '选择日期' }).click();
    const popup = page.locator('.MuiPickerPopper-root');
    await popup.getByText('一', { exact: true }).first().waitFor();
    expect(await popup.textContent()).toMatch(/\d{4}年\d{1,2}月/);
    expect(await popup.textContent()).not.toMatch(/\b(AM|PM)\b/);
    await page.keyboard.press('Escape');

    await form.fillTitle(`E2E dates ${Date.now()}`);
    await form.chooseCategory('发布通知');
    await form.fillReleaseTime('2024-05-06 17:08:09');
    expect(await input.inputValue()).toBe('2024-05-06 17:08:09');
    const body = submittedBody();
    await dialog.submit();
    expect((await body).releaseTime).toBe('2024-05-06 17:08:09');
    await dialog.expectText('新增成功');
  });

  it('keeps an empty date empty: the required message, never "Invalid Date"', async () => {
    await list.clickAdd();
    const input = form.field('releaseTime');
    await input.waitFor();
    await input.click();
    await page.keyboard.type('2024');
    await input.blur();
    let sent = false;
    page.on('request', (req) => { if (req.url().includes('/notice/submit')) sent = true; });
    await dialog.submit();
    await dialog.expectText('请输入通知日期');
    expect(sent).toBe(false);
    expect(await page.content()).not.toContain('Invalid Date');
    await page.locator('#form_cancel').click();
  });

  it('searches a release-time range with the picker text as the query parameter', async () => {
    await page.locator('#search_releaseTime_dategt').fill('2024-05-01 00:00:00');
    const request = page.waitForRequest((req) => req.url().includes('/blade-desk/notice/list') && req.url().includes('releaseTime_dategt'));
    await page.locator('#search_title').press('Enter');
    const url = new URL((await request).url());
    expect(url.searchParams.get('releaseTime_dategt')).toBe('2024-05-01 00:00:00');
    expect(url.searchParams.has('releaseTime_datelt')).toBe(false);
  });
});

describe('date fields of a search bar', () => {
  it('open the calendar from the button of a field the picker has not replaced yet', async () => {
    // A new page: the search bar shows a plain stand-in until the pickers' code is fetched.
    const freshPage = await signedInPage(browser);
    const notices = new ListPage(freshPage);
    await notices.openFromMenu('/desk', '/desk/notice');
    const searchBar = freshPage.getByRole('search');
    await searchBar.getByRole('button', { name: '选择日期' }).first().click();
    const popup = freshPage.locator('.MuiPickerPopper-root');
    await popup.getByRole('grid').waitFor();
    expect(await popup.textContent()).toMatch(/\d{4}年\d{1,2}月/);
    await freshPage.context().close();
  });
});

describe('date picker in the tenant licence dialog', () => {
  it('shows the expiry as yyyy-MM-dd HH:mm:ss and sends it so', async () => {
    const tenantPage = await signedInPage(browser);
    const tenants = new ListPage(tenantPage);
    await tenants.openFromMenu('/system', '/system/tenant');
    await tenants.row('000000').first().locator('input[type="checkbox"]').check();
    await tenantPage.locator('#toolbar_setting').click();
    const input = tenantPage.locator('#tenant_setting_expireTime');
    await input.waitFor();
    expect(await input.getAttribute('placeholder')).toBe('YYYY-MM-DD hh:mm:ss');
    await input.fill('2031-02-03 04:05:06');
    await input.blur();
    const request = tenantPage.waitForRequest((req) => req.url().includes('/blade-system/tenant/setting'));
    await tenantPage.locator('#tenant_setting_dialog_submit').click();
    const sent = await request;
    expect(`${sent.url()} ${sent.postData() ?? ''}`).toMatch(/expireTime(=|":")2031-02-03(\+|%20| )04(:|%3A)05(:|%3A)06/);
    await tenantPage.context().close();
  });
});

describe('date picker language', () => {
  it('follows the English console: English month and buttons, same yyyy-MM-dd HH:mm:ss text', async () => {
    const enPage = await signedInPage(browser, 'en');
    const notices = new ListPage(enPage);
    await notices.openFromMenu('/desk', '/desk/notice');
    await enPage.locator('#toolbar_add').click();
    await enPage.locator('#root_releaseTime').waitFor();
    expect(await enPage.locator('#root_releaseTime').getAttribute('placeholder')).toBe('YYYY-MM-DD hh:mm:ss');
    await enPage.getByRole('dialog').getByRole('button', { name: /^Choose date/ }).click();
    const popup = enPage.locator('.MuiPickerPopper-root');
    await popup.getByRole('grid').waitFor();
    expect(await popup.textContent()).toMatch(/(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
    expect(await popup.getByRole('button', { name: 'OK' }).count()).toBe(1);
    await enPage.context().close();
  });
});

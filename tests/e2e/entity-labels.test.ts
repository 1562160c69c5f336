import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from './pages/list-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

async function dialogTitle(page: Page): Promise<string> {
  const title = page.locator('#resource_form_title');
  await title.waitFor();
  return (await title.textContent()) ?? '';
}

describe('entity labels in dialog titles and formatted cells (issue 11 item 9)', () => {
  it('titles the dialogs with one record, not the menu name: 新增参数, 编辑参数, 查看参数', async () => {
    const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const key = `e2e.title.${Date.now()}`;
    await admin.post('/blade-system/param/submit', { paramName: 'E2E title', paramKey: key, paramValue: 'v' });
    const page = await signedInPage(browser);
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/param');
    await list.clickAdd();
    expect(await dialogTitle(page)).toBe('新增参数');
    await page.locator('#form_cancel').click();
    await list.search('paramKey', key);
    await list.row(key).first().waitFor();
    await list.rowAction(key, 'edit');
    expect(await dialogTitle(page)).toBe('编辑参数');
    await page.locator('#form_cancel').click();
    await list.rowAction(key, 'view');
    expect(await dialogTitle(page)).toBe('查看参数');
    await page.context().close();
  });

  it('titles the English notice dialog "Add notice"', async () => {
    const page = await signedInPage(browser, 'en');
    const list = new ListPage(page);
    await list.openFromMenu('/desk', '/desk/notice');
    await list.clickAdd();
    expect(await dialogTitle(page)).toBe('Add notice');
    await page.context().close();
  });

  it('writes the English list buttons as the work lists do: Add, Delete, Search, Clear, Export, Actions', async () => {
    const page = await signedInPage(browser, 'en');
    const list = new ListPage(page);
    await list.openFromMenu('/desk', '/desk/notice');
    await page.locator('#toolbar_add').waitFor();
    const text = async (selector: string) => (await page.locator(selector).first().textContent())?.trim();
    expect(await text('#toolbar_add')).toBe('Add');
    expect(await text('#toolbar_delete')).toBe('Delete');
    expect(await text('#search_submit')).toBe('Search');
    expect(await text('#search_reset')).toBe('Clear');
    expect(await text('#toolbar_export')).toBe('Export');
    expect(await text('#resource_table thead th:last-child')).toBe('Actions');
    await page.context().close();
  });

  it('writes the English buttons a schema declares with a capital, as the engine buttons beside them: Reset password, Unlock, Approve', async () => {
    const page = await signedInPage(browser, 'en');
    await new ListPage(page).openFromMenu('/system', '/system/user');
    const text = async (selector: string) => (await page.locator(selector).first().textContent())?.trim();
    expect(await text('#toolbar_reset')).toBe('Reset password');
    expect(await text('#toolbar_unlock')).toBe('Unlock');
    expect(await text('#toolbar_approve')).toBe('Approve');
    await page.context().close();
  });

  it('shows an attachment size in KB (x-format on attachSize, stored in bytes)', async () => {
    const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const name = `e2e-size-${Date.now()}.txt`;
    await admin.upload('/blade-resource/oss/endpoint/put-file-attach', { name, bytes: new Uint8Array(20 * 1024).fill(65), type: 'text/plain' });
    const page = await signedInPage(browser);
    const list = new ListPage(page);
    await list.openFromMenu('/resource', '/resource/attach');
    const row = list.row(name).first();
    await row.waitFor();
    const size = row.locator('td').filter({ hasText: /KB$/ });
    expect(await size.first().textContent()).toBe('20 KB');
    await page.context().close();
  });
});

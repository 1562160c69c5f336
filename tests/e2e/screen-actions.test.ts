import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { ResourceDialogs } from './pages/resource-dialogs.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
});
afterAll(() => browser?.close());

const stamp = () => Date.now().toString(36);

/** The engine buttons a row offers, by data-action. */
async function rowActions(list: ListPage, text: string): Promise<string[]> {
  const row = list.row(text).first();
  await row.waitFor();
  return row.locator('[data-action]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-action') ?? ''));
}

describe('a screen offers only the buttons its endpoints and the grant allow', () => {
  it('attachments (no submit endpoint) offer no add and no edit, but delete and view', async () => {
    const attach = new ListPage(page);
    await attach.openFromMenu('/resource', '/resource/attach');
    await page.locator('#toolbar_upload').click();
    const name = `actions-${stamp()}.txt`;
    await new ResourceDialogs(page).attachUpload({ name, mimeType: 'text/plain', buffer: Buffer.from('actions') });
    const actions = await rowActions(attach, name);
    expect(actions).toEqual(expect.arrayContaining(['view', 'delete']));
    expect(actions).not.toContain('edit');
    expect(await page.locator('#toolbar_add').count()).toBe(0);
    expect(await page.locator('#toolbar_delete').count()).toBe(1);
  });

  it('the SMS log (list and detail only) offers view and nothing that writes', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    await admin.post('/blade-resource/sms/endpoint/send-message', { phones: phone, params: '{"code":1}' });
    const logs = new ListPage(page);
    await logs.openFromMenu('/resource', '/resource/sms-log');
    await logs.search('phone', phone);
    expect(await rowActions(logs, phone)).toEqual(['view']);
    expect(await page.locator('#toolbar_add').count()).toBe(0);
    expect(await page.locator('#toolbar_delete').count()).toBe(0);
  });

  it('tenant packages offer add, edit and delete but no view (x-list.actions)', async () => {
    const menus = await admin.menuIds();
    const packageName = `actions package ${stamp()}`;
    await admin.post('/blade-system/tenant-package/submit', { packageName, menuId: menus.desk });
    const packages = new ListPage(page);
    await packages.openFromMenu('/system', '/system/tenantpackage');
    await packages.search('packageName', packageName);
    expect(await rowActions(packages, packageName)).toEqual(['edit', 'delete']);
    expect(await page.locator('#toolbar_add').count()).toBe(1);
  });
});

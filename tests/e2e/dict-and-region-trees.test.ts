import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });

async function signedInPage(): Promise<Page> {
  const page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
  return page;
}
afterAll(() => browser?.close());

describe('dictionary', () => {
  it('opens the child tree of a dictionary and adds an entry with the code locked to the parent', async () => {
    const page = await signedInPage();
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/dict');
    await list.search('code', 'sex');
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 1);
    await list.rowAction('sex', 'children');
    const children = new ListPage(page, 'child_');
    await children.row('男').waitFor();
    await children.row('女').waitFor();
    await children.clickAdd();
    const dialog = new DialogPage(page, 'child_');
    await dialog.field('code').waitFor();
    expect(await dialog.field('code').inputValue()).toBe('sex');
    expect(await dialog.field('code').isDisabled()).toBe(true);
    await dialog.fill({ dictKey: '9', dictValue: '未说明', sort: '3' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await children.row('未说明').waitFor();
  });
});

describe('region', () => {
  it('loads the provinces and opens one into its cities on demand', async () => {
    const page = await signedInPage();
    const list = new ListPage(page);
    await list.openFromMenu('/base', '/base/region');
    const jiangsu = list.row('江苏省').first();
    await jiangsu.waitFor();
    expect(await list.rows().filter({ hasText: '常州市' }).count()).toBe(0);
    await jiangsu.getByRole('button', { name: /展开|expand/i }).first().click();
    await list.row('常州市').first().waitFor();
  });
});

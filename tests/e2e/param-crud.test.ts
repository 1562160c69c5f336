import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import type { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
const key = `e2e.param.${Date.now()}`;

beforeAll(async () => {
  ({ browser, page, list, dialog } = await openAdminScreen('/system', '/system/param'));
});
afterAll(() => browser?.close());

describe('params screen', () => {
  it('shows the schema messages when the form is sent empty, then adds a valid row', async () => {
    await list.clickAdd();
    await dialog.submit();
    await dialog.expectText('请输入参数名称');
    await dialog.expectText('请输入参数键名');
    await dialog.expectText('请输入参数键值');
    await dialog.fill({ paramName: 'E2E param', paramKey: key, paramValue: 'first value' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await list.row(key).waitFor();
  });

  it('finds the row by searching its name', async () => {
    await list.search('paramKey', key);
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 1);
    expect(await list.rows().first().textContent()).toContain('E2E param');
  });

  it('edits the row', async () => {
    await list.rowAction(key, 'edit');
    await dialog.field('paramValue').waitFor();
    await dialog.field('paramValue').fill('second value');
    await dialog.submit();
    await dialog.expectText('更新成功');
    await list.row('second value').waitFor();
  });

  it('opens the row again with the value just saved, each time', async () => {
    for (const value of ['third value', 'fourth value']) {
      await list.rowAction(key, 'edit');
      await dialog.field('paramValue').waitFor();
      await dialog.field('paramValue').fill(value);
      await dialog.submit();
      await dialog.expectText('更新成功');
      await list.row(value).waitFor();
      const read = page.waitForResponse((res) => res.url().includes('/blade-system/param/detail'));
      await list.rowAction(key, 'edit');
      expect((await (await read).json()).data.paramValue, 'the detail the dialog reads').toBe(value);
      await page.waitForFunction((v) => (document.querySelector('#root_paramValue') as HTMLInputElement | null)?.value === v, value);
      await page.keyboard.press('Escape');
      await dialog.field('paramValue').waitFor({ state: 'detached' });
    }
  });

  it('refuses a batch delete with nothing selected, then deletes the row after confirmation', async () => {
    await list.clickBatchDelete();
    await dialog.expectText('请选择至少一条数据');
    await list.rowAction(key, 'delete');
    await dialog.confirm();
    await dialog.expectText('删除成功');
    await page.waitForFunction((k) => !document.querySelector('#resource_table tbody')?.textContent?.includes(k), key);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import type { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
const code = `e2e_icon_${Date.now().toString(36)}`;

beforeAll(async () => {
  ({ browser, page, list, dialog } = await openAdminScreen('/system', '/system/menu'));
});
afterAll(() => browser?.close());

const picker = () => page.getByRole('dialog', { name: '选择图标' });

describe('menu icon picker', () => {
  it('shows the groups, moves among icons with the arrow keys, says so when nothing matches, and closes on Escape without changing the field', async () => {
    await list.clickAdd();
    await page.locator('#root_source_pick').click();
    await picker().getByRole('region', { name: '通用图标' }).waitFor();
    await picker().getByRole('region', { name: '系统图标' }).waitFor();
    await page.locator('#icon_picker_search').press('Enter');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-icon-choice'))).toBe('plus');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-icon-choice'))).toBe('form');
    await page.locator('#icon_picker_search').fill('no-such-icon');
    await page.locator('#icon_picker_empty').waitFor();
    await page.keyboard.press('Escape');
    await picker().waitFor({ state: 'detached' });
    expect(await dialog.field('source').inputValue()).toBe('');
  });

  it('picks an icon found by a Chinese keyword, saves it, and the list draws it', async () => {
    await page.locator('#root_source_pick').click();
    await page.locator('#icon_picker_search').fill('用户');
    await picker().locator('[data-icon-choice]').first().waitFor();
    expect(await picker().locator('[data-icon-choice]').count()).toBeGreaterThan(0);
    await picker().locator('[data-icon-choice="iconfont iconicon_principal"]').click();
    await picker().waitFor({ state: 'detached' });
    expect(await dialog.field('source').inputValue()).toBe('iconfont iconicon_principal');
    await page.locator('svg[data-icon="iconfont iconicon_principal"]').first().waitFor();

    await dialog.fill({ code, name: 'E2E icon menu', alias: 'e2e', path: `/e2e/${code}`, sort: '90' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await list.search('code', code);
    const row = list.row(code).first();
    await row.waitFor();
    await row.getByRole('img', { name: 'iconfont iconicon_principal' }).locator('svg[data-icon="iconfont iconicon_principal"]').waitFor();
  });

  it('opens on the stored icon when editing and takes a new one picked with the keyboard', async () => {
    await list.rowAction(code, 'edit');
    await dialog.field('source').waitFor();
    await page.locator('#root_source_pick').click();
    await picker().locator('[data-icon-choice="iconfont iconicon_principal"][aria-pressed="true"]').waitFor();
    await page.locator('#icon_picker_search').fill('setting');
    await page.locator('#icon_picker_search').press('Enter');
    await picker().waitFor({ state: 'detached' });
    expect(await dialog.field('source').inputValue()).toBe('setting');
    await dialog.submit();
    await dialog.expectText('更新成功');
    await list.row(code).first().locator('svg[data-icon="setting"]').waitFor();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());


/** The child list of the dictionary `code`, opened from its row. */
async function childrenOf(page: Page, screen: string, code: string): Promise<ListPage> {
  const list = new ListPage(page);
  await list.openFromMenu('/system', screen);
  await list.search('code', code);
  await expect.poll(() => list.rows().count()).toBe(1);
  await list.rowAction(code, 'children');
  return new ListPage(page, 'child_');
}

describe('a tree row\'s 新增子项 shows its parent in the locked parent field', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`names the parent entry in 上级字典 of a 系统字典 child (${lang})`, async () => {
      const page = await signedInPage(browser, lang);
      const children = await childrenOf(page, '/system/dict', 'sex');
      await children.row('男').first().waitFor();
      await children.rowAction('男', 'add-child');
      const parent = new DialogPage(page, 'child_').field('parentId');
      await parent.waitFor();
      expect(await parent.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => parent.textContent()).toContain('男');
      await page.context().close();
    });
  }

  it('names a 业务字典 entry written after the screen first opened, on 新增 and on 新增子项', async () => {
    const page = await signedInPage(browser, 'zh');
    const list = new ListPage(page);
    await list.openFromMenu('/system', '/system/dictbiz');
    // The screen and its form are opened once before the entries exist.
    await list.clickAdd();
    await new DialogPage(page).field('code').waitFor();
    await page.keyboard.press('Escape');
    const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const code = `child${Date.now().toString(36)}`;
    await admin.post('/blade-system/dict-biz/submit', { code, dictKey: '-1', dictValue: `上级 ${code}`, parentId: '0', sort: 1, isSealed: 0 });
    const { records } = await admin.get<{ records: { id: string }[] }>('/blade-system/dict-biz/parent-list', { code });
    await admin.post('/blade-system/dict-biz/submit', { code, dictKey: '1', dictValue: `下级 ${code}`, parentId: records[0].id, sort: 1, isSealed: 0 });
    const child = await admin.get<{ id: string }[]>('/blade-system/dict-biz/child-list', { parentId: records[0].id });
    const children = await childrenOf(page, '/system/dictbiz', code);
    await children.row(`下级 ${code}`).first().waitFor();
    const parent = new DialogPage(page, 'child_').field('parentId');
    await children.clickAdd();
    await expect.poll(() => parent.textContent()).toBe(`上级 ${code}`);
    await page.keyboard.press('Escape');
    await parent.waitFor({ state: 'detached' });
    await children.rowAction(`下级 ${code}`, 'add-child');
    await expect.poll(() => parent.textContent()).toBe(`下级 ${code}`);
    expect(await parent.getAttribute('aria-disabled')).toBe('true');
    await page.context().close();
    await admin.post('/blade-system/dict-biz/remove', { ids: child[0].id });
    await admin.post('/blade-system/dict-biz/remove', { ids: records[0].id });
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

/**
 * Issue 32 item 4: every text staff see is in their language and speaks of things they
 * know — no developer notes from the entity files, no menu names left in Chinese.
 */
const ossCode = `e2etext${Date.now().toString(36).slice(-5)}`;
let browser: Browser;

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  await admin.post('/blade-resource/oss/submit', { category: 1, ossCode, endpoint: 'http://127.0.0.1:9000', bucketName: 'e2e', accessKey: 'ak', secretKey: 'typed-once' });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openOssEdit(page: Page): Promise<DialogPage> {
  const list = new ListPage(page);
  await list.openFromMenu('/resource', '/resource/oss');
  await list.search('ossCode', ossCode);
  await list.row(ossCode).first().waitFor();
  await list.rowAction(ossCode, 'edit');
  const dialog = new DialogPage(page);
  await dialog.field('secretKey').waitFor();
  return dialog;
}

describe('the secret key of 对象存储 › 编辑 speaks to staff', () => {
  for (const [lang, hint] of [['zh', '已保存（不显示），留空则保持不变'], ['en', 'stored (not shown); leave empty to keep it']] as const) {
    it(`in ${lang}: says the stored key is kept, with no developer note`, async () => {
      const page = await signedInPage(browser, lang);
      const dialog = await openOssEdit(page);
      await dialog.expectText(hint);
      const form = page.locator('#resource_form');
      expect(await form.textContent()).not.toContain('Never in lists');
      expect(await form.textContent()).not.toContain('******');
      await page.context().close();
    });
  }
});

describe('the menu tree of 产品包管理 › 新增 follows the language, as the sidebar does', () => {
  for (const [lang, shown, hidden] of [
    ['zh', ['工作台', '系统管理', '用户管理', '新增', '修改'], ['Desk']],
    ['en', ['Desk', 'System', 'Users', 'Add', 'Edit'], ['工作台', '系统管理', '用户管理', '新增', '修改']],
  ] as const) {
    it(`in ${lang}: groups, screens and their buttons`, async () => {
      const page = await signedInPage(browser, lang);
      const list = new ListPage(page);
      await list.openFromMenu('/system', '/system/tenantpackage');
      await list.clickAdd();
      const tree = page.locator('#root_menuId');
      await tree.waitFor();
      await expect.poll(() => tree.textContent(), { timeout: 10_000 }).toContain(shown[0]);
      // Every branch open, so the buttons under the screens are drawn too.
      for (let round = 0; round < 4; round++) {
        const closed = tree.locator('[aria-expanded="false"]');
        const count = await closed.count();
        if (count === 0) break;
        for (let i = count - 1; i >= 0; i--) await closed.nth(i).click();
      }
      const text = (await tree.textContent()) ?? '';
      for (const label of shown) expect(text).toContain(label);
      for (const label of hidden) expect(text).not.toContain(label);
      await page.context().close();
    });
  }
});

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

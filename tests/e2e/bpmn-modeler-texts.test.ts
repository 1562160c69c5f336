import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from './pages/list-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

/** Issue 32 item 4d: the modeler's context pad (and palette) speak the user's language. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the BPMN modeler of 模型管理 › 创建', () => {
  for (const [lang, appendTask, changeElement] of [['zh', '追加任务', '更改元素'], ['en', 'Append task', 'Change element']] as const) {
    it(`in ${lang}: names its context pad entries in that language`, async () => {
      const page = await signedInPage(browser, lang);
      await new ListPage(page).openFromMenu('/flow', '/flow/model');
      await page.locator('#toolbar_create').click();
      const canvas = page.getByTestId('bpmn-modeler');
      await canvas.locator('[data-element-id="StartEvent_1"]').click();
      const append = page.locator('.djs-context-pad .entry[data-action="append.append-task"]');
      await append.waitFor();
      expect(await append.getAttribute('title')).toBe(appendTask);
      expect(await page.locator('.djs-context-pad .entry[data-action="replace"]').getAttribute('title')).toBe(changeElement);
      await page.context().close();
    });
  }
});

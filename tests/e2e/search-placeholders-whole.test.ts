import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from './pages/list-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

/** Each text search input's placeholder, its drawn width (a canvas in the page, the input's font) and the room inside the input. */
function placeholders(page: Page, screen: string): Promise<{ id: string; placeholder: string; text: number; room: number }[]> {
  return page.locator(`[data-page="${screen}/index"]`).evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...root.querySelectorAll<HTMLInputElement>('input[id^="search_"][placeholder]')].map((input) => {
      const style = getComputedStyle(input);
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { id: input.id, placeholder: input.placeholder, text: context.measureText(input.placeholder).width, room };
    });
  });
}

describe('the search bar shows its placeholders whole at 1440 px', () => {
  for (const [lang, prefix] of [['zh', '请输入'], ['en', 'please enter']] as const) {
    it(`fits "${prefix} …" inside every text search input of 参数管理 and 用户管理 (${lang})`, async () => {
      const page = await signedInPage(browser, lang);
      await page.setViewportSize({ width: 1440, height: 900 });
      const list = new ListPage(page);
      for (const screen of ['/system/param', '/system/user']) {
        await list.openFromMenu('/system', screen);
        await page.locator(`[data-page="${screen}/index"] input[id^="search_"][placeholder]`).first().waitFor();
        await expect.poll(async () => (await placeholders(page, screen)).filter((p) => p.text > p.room)).toEqual([]);
        const found = await placeholders(page, screen);
        expect(found.length).toBeGreaterThan(0);
        expect(found.filter((p) => p.placeholder.toLowerCase().startsWith(prefix.toLowerCase())).length, JSON.stringify(found)).toBeGreaterThan(0);
      }
      await page.context().close();
    });
  }
});

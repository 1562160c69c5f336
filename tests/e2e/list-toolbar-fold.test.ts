import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { listAtWidth } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

type Lang = 'zh' | 'en';
const TEXT = {
  zh: { more: '更多操作', export: '导出', jobs: '任务', ask: '是否导出用户数据?' },
  en: { more: 'More actions', export: 'Export', jobs: 'Jobs', ask: null },
} as const;

const listAt = (input: { width: number; lang: Lang; path: string }): Promise<Page> => listAtWidth(browser, input);

/** The toolbar's buttons as drawn (the row holding 新增), and the row's own box. */
async function toolbarBoxes(page: Page) {
  return page.locator('#toolbar_add').evaluate((add) => {
    const row = add.parentElement!;
    const box = (e: Element) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height, right: r.right }; };
    const buttons = [...row.querySelectorAll(':scope > button, :scope > .MuiBadge-root > button')].map((b) => ({ text: b.textContent ?? '', ...box(b) }));
    return { row: box(row), buttons, tableRight: document.querySelector('#resource_table')!.getBoundingClientRect().right };
  });
}

function expectOneLine(layout: Awaited<ReturnType<typeof toolbarBoxes>>, where: string) {
  const tops = layout.buttons.map((b) => b.top);
  expect(Math.max(...tops) - Math.min(...tops), `${where}: buttons on one row`).toBeLessThan(2);
  expect(layout.row.height, `${where}: toolbar one button high`).toBeLessThanOrEqual(layout.buttons[0].height + 1);
  expect(Math.max(...layout.buttons.map((b) => b.right)), `${where}: inside the table`).toBeLessThanOrEqual(layout.tableRight);
}

describe('list toolbars fold into 更多 when they do not fit (spec screen classes 768 / 992 / 1200)', () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1000, 768]) {
      it(`keeps 用户管理's toolbar on one line at ${width} px (${lang}); 导出 and 任务 are in 更多, keyboard operable, and export from there`, async () => {
        const page = await listAt({ width, lang, path: '/system/user/index' });
        const layout = await toolbarBoxes(page);
        expectOneLine(layout, `${width} px ${lang}`);
        expect(await page.locator('#toolbar_export').count()).toBe(0);
        const more = page.getByRole('button', { name: TEXT[lang].more });
        await expect.poll(() => more.getAttribute('aria-haspopup')).toBe('menu');
        await more.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const names = await menu.getByRole('menuitem').allTextContents();
        expect(names).toContain(TEXT[lang].export);
        expect(names.at(-1)).toBe(TEXT[lang].jobs);
        // Escape gives the focus back to 更多; the arrow keys walk the items.
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        expect(await more.evaluate((b) => b === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await menu.waitFor();
        for (const name of names) {
          if (name === TEXT[lang].export) break;
          await page.keyboard.press('ArrowDown');
        }
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(TEXT[lang].export);
        await page.keyboard.press('Enter');
        if (TEXT[lang].ask) await page.getByRole('dialog').filter({ hasText: TEXT[lang].ask }).waitFor();
        await page.locator('#confirm_ok').click();
        await page.locator('#jobs_drawer [data-job-id]').first().waitFor();
        await page.context().close();
      });
    }

    it(`folds nothing on 用户管理 at 1440 px (${lang}): every button on one line, no 更多`, async () => {
      const page = await listAt({ width: 1440, lang, path: '/system/user/index' });
      const layout = await toolbarBoxes(page);
      expectOneLine(layout, `1440 px ${lang}`);
      expect(layout.buttons.map((b) => b.text)).toContain(TEXT[lang].export);
      expect(layout.buttons.at(-1)?.text).toBe(TEXT[lang].jobs);
      expect(await page.locator('#toolbar_more').count()).toBe(0);
      await page.context().close();
    });

    it(`keeps 菜单管理's toolbar on one line at 1440, 1000 and 768 px (${lang}), and 新增 opens its dialog`, async () => {
      for (const width of [1440, 1000, 768]) {
        const page = await listAt({ width, lang, path: '/system/menu/index' });
        expectOneLine(await toolbarBoxes(page), `${width} px ${lang}`);
        await page.locator('#toolbar_add').click();
        await page.getByRole('dialog').waitFor();
        await page.context().close();
      }
    });
  }
});

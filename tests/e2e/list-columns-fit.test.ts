import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { listAtWidth } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

const listAt = (input: { width: number; lang: 'zh' | 'en'; path: string }): Promise<Page> => listAtWidth(browser, { ...input, ready: '[data-action="view"]' });

/** The first row's data cells (not the select / expand cells) and its pinned 操作 cell, and whether the table scrolls sideways. */
async function firstRow(page: Page) {
  return page.locator('#resource_table').evaluate((paper) => {
    const box = (e: Element) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right }; };
    const cells = [...paper.querySelectorAll('tbody tr:first-child td')];
    const actions = cells.pop()!;
    // Data columns are the ones with a header text (the select and expand columns have none).
    const headers = [...paper.querySelectorAll('thead th')];
    const data = cells.filter((_, index) => (headers[index]?.textContent ?? '') !== '');
    const container = paper.querySelector('.MuiTableContainer-root')!;
    return { data: data.map(box), actions: box(actions), scrolls: container.scrollWidth > container.clientWidth + 1 };
  });
}

describe('the pinned 操作 column beside the list columns (spec screen classes 768 / 992 / 1200)', () => {
  const lastColumn = [
    ['zh', '/monitor/log/api/index', '接口日志 日志时间'],
    ['zh', '/system/user/index', '用户管理 手机号码'],
    ['zh', '/system/menu/index', '菜单管理 菜单排序'],
    ['en', '/monitor/log/api/index', 'API logs: Logged at'],
    ['en', '/system/menu/index', 'Menus: Sort order'],
  ] as const;
  for (const [lang, path, what] of lastColumn) {
    it(`shows ${what} whole at 1440 px, beside 操作 and without a sideways scroll`, async () => {
      const page = await listAt({ width: 1440, lang, path });
      const row = await firstRow(page);
      expect(row.scrolls).toBe(false);
      expect(row.data.at(-1)!.right).toBeLessThanOrEqual(row.actions.left + 0.5);
      await page.context().close();
    });
  }

  it('keeps the first columns clear of 操作: two of 用户管理 and 菜单管理 at 1000 px, three of 用户管理 at 768 px', async () => {
    const cases = [[1000, 2, '/system/user/index'], [1000, 2, '/system/menu/index'], [768, 3, '/system/user/index']] as const;
    for (const [width, clear, path] of cases) {
      const page = await listAt({ width, lang: 'zh', path });
      const row = await firstRow(page);
      for (const cell of row.data.slice(0, clear)) expect(cell.right, `${path} at ${width} px`).toBeLessThanOrEqual(row.actions.left + 0.5);
      await page.context().close();
    }
  });
});

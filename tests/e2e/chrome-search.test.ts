import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('menu search (spec §2 Top bar, Layout)', () => {
  it('suggests menus by name prefix in the top bar and opens the chosen one', async () => {
    const page = await signedInPage(browser);
    const input = page.locator('#top_search');
    await input.fill('参数');
    await page.locator('li[data-menu-path="/system/param/index"]').click();
    await page.waitForURL('**/system/param/index');
    await input.fill('管理'); // inside 用户管理, 参数管理…, but no name starts with it
    await page.getByText('没有发现菜单').waitFor();
    expect(await page.locator('li[data-menu-path]').count()).toBe(0);
    await page.context().close();
  });

  it('shows the whole placeholder of the top bar search in zh and en, at 1440 and 1000 px', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await signedInPage(browser, lang);
      for (const width of [1440, 1000]) {
        await page.setViewportSize({ width, height: 900 });
        const input = page.locator('#top_search');
        await input.waitFor();
        // The placeholder's width in the input's own font, against the room the input gives text.
        const fit = await input.evaluate((element) => {
          const field = element as HTMLInputElement;
          const style = getComputedStyle(field);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: field.placeholder, needed: Math.ceil(context.measureText(field.placeholder).width), room };
        });
        expect(fit.needed, `${lang} ${width}px: "${fit.text}"`).toBeLessThanOrEqual(fit.room);
      }
      await page.context().close();
    }
  });

  it('closes the suggestions with Esc', async () => {
    const page = await signedInPage(browser);
    const input = page.locator('#top_search');
    await input.fill('用户');
    await page.locator('li[data-menu-path="/system/user/index"]').waitFor();
    await input.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe('');
    await page.context().close();
  });

  it('opens the search panel from the tag bar over the page, filters it, and closes it with Esc', async () => {
    const page = await signedInPage(browser);
    await page.locator('#tags_search').click();
    const panel = page.locator('#search_panel');
    await panel.waitFor();
    await page.locator('#search_panel_input').fill('参数');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="search-panel-results"] [data-menu-path]').length === 1);
    await page.locator('#search_panel_input').press('Escape');
    await panel.waitFor({ state: 'detached' });
    await new ChromePage(page).tagMenu('menu_search');
    await page.locator('#search_panel_input').fill('参数');
    await page.locator('[data-testid="search-panel-results"] [data-menu-path="/system/param/index"]').click();
    await page.waitForURL('**/system/param/index');
    expect(await panel.count()).toBe(0);
    await page.context().close();
  });
});

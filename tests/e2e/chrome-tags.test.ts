import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('tag bar (spec §2 Layout)', () => {
  it('opens a tab per screen and keeps them across a reload', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    await chrome.openMenu('/system', '/system/dict/index');
    await chrome.waitForTags(['/wel/index', '/system/param/index', '/system/dict/index']);
    await page.reload();
    await chrome.tag('/system/dict/index').waitFor();
    await chrome.waitForTags(['/wel/index', '/system/param/index', '/system/dict/index']);
    await page.context().close();
  });

  it('closes the other tabs but keeps the first one and the current one', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    await chrome.openMenu('/system', '/system/dict/index');
    await chrome.tag('/system/param/index').click();
    await page.waitForURL('**/system/param/index');
    await chrome.tagMenu('close_others');
    await chrome.waitForTags(['/wel/index', '/system/param/index']);
    await page.context().close();
  });

  it('right-click on a tab: 关闭其它 keeps the first tab and that one, and shows it', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    await chrome.openMenu('/system', '/system/dict/index');
    await chrome.openMenu('/system', '/system/post/index');
    await chrome.tag('/system/param/index').click({ button: 'right' });
    expect(await page.locator('[role="menu"] [role="menuitem"]').allTextContents()).toEqual(['关闭当前', '关闭其它', '关闭所有', '搜索', '清除缓存']);
    await page.locator('#tag_menu_close_others').click();
    await chrome.waitForTags(['/wel/index', '/system/param/index']);
    await page.waitForURL('**/system/param/index');
    await page.context().close();
  });

  it('right-click on a tab: 关闭当前 closes that tab only; the first tab cannot be closed', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    await chrome.openMenu('/system', '/system/dict/index');
    await chrome.tagContextMenu('/system/param/index', 'close');
    await chrome.waitForTags(['/wel/index', '/system/dict/index']);
    expect(page.url()).toContain('/system/dict/index');
    await chrome.tag('/wel/index').click({ button: 'right' });
    expect(await page.locator('#tag_menu_close').getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await chrome.tagContextMenu('/wel/index', 'close_all');
    await chrome.waitForTags(['/wel/index']);
    await page.waitForURL('**/wel/index');
    await page.context().close();
  });

  it('never offers to close the first tab; closing all goes home', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    expect(await page.locator('[data-close-tag="/wel/index"]').count()).toBe(0);
    await chrome.closeTag('/system/param/index');
    await page.waitForURL('**/wel/index');
    await chrome.openMenu('/system', '/system/dict/index');
    await chrome.tagMenu('close_all');
    await page.waitForURL('**/wel/index');
    await chrome.waitForTags(['/wel/index']);
    await page.context().close();
  });

  it('clears the cache after a question, and says so when the server has no such endpoint', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.tagMenu('clear_cache');
    await chrome.expectText('是否需要清除缓存?');
    const answer = page.waitForResponse((res) => res.url().includes('/blade-auth/oauth/clear-cache'));
    await chrome.confirm();
    const status = (await answer).status();
    // The endpoint belongs to the server's auth module; until it exists the console reports the 404.
    await chrome.expectText(status === 200 ? '清除完毕' : '服务端缓存未清除');
    await page.context().close();
  });

  it('keeps a keep-alive page mounted while another tab is shown', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await page.goto('/test/index');
    await page.locator('#test_input').fill('still here');
    await page.locator('#test_count').click();
    await chrome.openMenu('/system', '/system/param/index');
    await chrome.tag('/test/index').click();
    await page.waitForURL('**/test/index');
    expect(await page.locator('#test_input').inputValue()).toBe('still here');
    expect(await page.getByTestId('test-count').textContent()).toBe('1');
    await page.context().close();
  });
});

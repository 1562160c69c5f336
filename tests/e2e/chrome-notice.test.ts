import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('notice popover (spec §2 Dialogs)', () => {
  it('is 350 wide with a 300 high list under the tabs 邮件 / 消息 / 通知', async () => {
    const page = await signedInPage(browser);
    await page.locator('#top_notice').click();
    const panel = page.locator('#notice_panel');
    await panel.waitFor();
    expect((await panel.boundingBox())!.width).toBe(350);
    expect((await page.getByTestId('notice-list').boundingBox())!.height).toBe(300);
    for (const [tab, label] of [['mail', '邮件'], ['message', '消息'], ['notice', '通知']]) {
      expect(await page.locator(`#notice_tab_${tab}`).textContent()).toBe(label);
    }
    await page.context().close();
  });

  it.each([1440, 768])('opens wholly inside a %i px window, its 通知 tab taking a click', async (width) => {
    const page = await signedInPage(browser);
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#top_notice').click();
    const panel = page.locator('#notice_panel');
    await panel.waitFor();
    // The paper settles where MUI placed it once the lazy panel is in.
    await page.waitForTimeout(300);
    const box = (await page.locator('#notice_popover').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.locator('#notice_tab_notice').click({ timeout: 5_000 });
    expect(await page.locator('#notice_tab_notice').getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('loads the next page after a simulated second and names the page in a success message', async () => {
    const page = await signedInPage(browser);
    await page.locator('#top_notice').click();
    await page.locator('#notice_tab_message').click();
    expect(await page.locator('[data-notice-item]').count()).toBe(5);
    const started = Date.now();
    // Not click(): scrolling the button into view reaches the list's bottom, which loads the next
    // page by itself and swaps the button for a spinner, so a click kept missing it (CI).
    await page.locator('#notice_more').dispatchEvent('click');
    await new ChromePage(page).expectText('第 2 页加载完成');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await page.locator('[data-notice-item]').count()).toBe(10);
    expect(await page.getByTestId('notice-list').getAttribute('data-page')).toBe('2');
    await page.context().close();
  });
});

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

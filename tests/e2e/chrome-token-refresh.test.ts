import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('token refresh (spec §4)', () => {
  it('re-issues the tokens from the refresh token once the stored token reaches the token time', async () => {
    // saber-debug-token-time shortens the 3000 s token time and the 10 s check (see session/token-timing.ts).
    const page = await signedInPage(browser, 'zh', (p) =>
      p.addInitScript(() => localStorage.setItem('saber-debug-token-time', JSON.stringify({ tokenTime: 2, intervalMs: 500 }))),
    );
    const first = await readStoredItem<string>(page, 'token');
    const refreshed = await page.waitForResponse(
      (res) => res.url().includes('/blade-auth/oauth/token') && new URL(res.url()).searchParams.get('grant_type') === 'refresh_token',
      { timeout: 15_000 },
    );
    expect(refreshed.status()).toBe(200);
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('saber-token')!).content !== old, first);
    // Back to the configured token time, so no refresh is cut short by the reload below.
    await page.evaluate(() => localStorage.removeItem('saber-debug-token-time'));
    // The new token opens the API: the layout still loads the menu after a reload.
    await page.reload();
    await page.locator('[data-menu-path="/system"]').waitFor();
    expect(page.url()).toContain('/wel/index');
    await page.context().close();
  });

  it('does not refresh before the token time', async () => {
    const page = await signedInPage(browser, 'zh', (p) =>
      p.addInitScript(() => localStorage.setItem('saber-debug-token-time', JSON.stringify({ tokenTime: 600, intervalMs: 300 }))),
    );
    let refreshes = 0;
    page.on('request', (req) => { if (req.url().includes('grant_type=refresh_token')) refreshes += 1; });
    await page.waitForTimeout(2000);
    expect(refreshes).toBe(0);
    await page.context().close();
  });

  it('keeps two tabs of one browser signed in while both refresh (a used refresh token is never sent again)', async () => {
    const page = await signedInPage(browser, 'zh', (p) =>
      p.addInitScript(() => localStorage.setItem('saber-debug-token-time', JSON.stringify({ tokenTime: 1, intervalMs: 200 }))),
    );
    const second = await page.context().newPage();
    await second.goto(page.url());
    await second.getByTestId('layout').waitFor();
    const refreshes: number[] = [];
    for (const tab of [page, second]) {
      tab.on('response', (res) => { if (res.url().includes('grant_type=refresh_token')) refreshes.push(res.status()); });
    }
    await page.waitForTimeout(6000);
    expect(refreshes.length).toBeGreaterThan(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // Both tabs still open the API with the tokens they hold now.
    for (const tab of [page, second]) {
      await tab.evaluate(() => localStorage.removeItem('saber-debug-token-time'));
      await tab.reload();
      await tab.locator('[data-menu-path="/system"]').waitFor();
      expect(tab.url()).toContain('/wel/index');
    }
    await page.context().close();
  });
});

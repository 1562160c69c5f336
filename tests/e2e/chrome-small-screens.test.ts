import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

/** The sidebar's width as drawn, once its width transition is over. */
async function sidebarWidth(page: Page): Promise<number> {
  await page.waitForTimeout(400);
  return Math.round((await page.getByTestId('sidebar').boundingBox())!.width);
}

async function signedInAt(width: number): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width, height: 900 });
  await new LoginPage(page).signInAsAdmin();
  await page.getByTestId('layout').waitFor();
  return page;
}

describe('small screens (spec screen classes 768 / 992 / 1200)', () => {
  it('collapses the sidebar below 992 px, keeps it open from 992, and collapses it when the window narrows', async () => {
    for (const [width, collapsed] of [[768, true], [991, true], [1000, false], [1440, false]] as const) {
      const page = await signedInAt(width);
      expect(await page.getByTestId('sidebar').getAttribute('data-collapsed'), `${width} px`).toBe(String(collapsed));
      expect(await sidebarWidth(page), `${width} px`).toBe(collapsed ? 64 : 250);
      if (width === 1440) {
        await page.setViewportSize({ width: 900, height: 900 });
        await page.getByTestId('sidebar').and(page.locator('[data-collapsed="true"]')).waitFor();
        expect(await sidebarWidth(page)).toBe(64);
        await page.locator('#top_collapse').click();
        expect(await sidebarWidth(page)).toBe(250);
      }
      await page.context().close();
    }
  });

  it('draws the pinned 操作 cells opaque at 768 px: the columns scrolled beneath do not show through', async () => {
    const page = await signedInAt(768);
    await page.goto('/system/user/index');
    const actions = page.locator('#resource_table tbody tr').first().locator('td').last();
    await actions.locator('[data-action="view"]').waitFor();
    const background = await actions.evaluate((cell) => getComputedStyle(cell).backgroundColor);
    const alpha = /rgba\(.*,\s*([\d.]+)\)/.exec(background)?.[1];
    expect(alpha === undefined ? 1 : Number(alpha), background).toBe(1);
    expect(await actions.evaluate((cell) => getComputedStyle(cell).opacity)).toBe('1');
    await page.context().close();
  });
});

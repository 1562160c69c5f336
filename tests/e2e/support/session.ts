import type { Browser, Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page.js';
import { newPage } from './browser.js';

/** A fresh context signed in as the seeded administrator, on the home page. */
export async function signedInPage(browser: Browser, lang: 'zh' | 'en' = 'zh', before?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await newPage(browser, lang);
  await before?.(page);
  await new LoginPage(page).signInAsAdmin();
  await page.getByTestId('layout').waitFor();
  return page;
}

/**
 * The administrator's page at a window width, on a list screen (a route path) once its first
 * row is drawn and its layout (toolbar fold, column widths) has settled; `ready` names a
 * further element to wait for in the first row.
 */
export async function listAtWidth(browser: Browser, input: { width: number; lang: 'zh' | 'en'; path: string; ready?: string }): Promise<Page> {
  const page = await newPage(browser, input.lang);
  await page.setViewportSize({ width: input.width, height: 900 });
  await new LoginPage(page).signInAsAdmin();
  await page.goto(input.path);
  await page.locator(`#resource_table tbody tr td${input.ready ? ` ${input.ready}` : ''}`).first().waitFor();
  await page.waitForTimeout(300);
  return page;
}

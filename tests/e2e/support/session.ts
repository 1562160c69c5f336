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

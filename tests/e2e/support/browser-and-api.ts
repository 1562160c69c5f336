import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from './api.js';
import { launchBrowser } from './browser.js';

/** What a browser test file works with; filled in before its first test. */
export interface BrowserAndApi {
  browser: Browser;
  /** Signed in as the administrator, for the set-up calls. */
  admin: ApiClient;
  /** The seeded menus' ids by code. */
  menus: Record<string, string>;
}

/**
 * The usual set-up of a browser test file: Chromium launched once for the file, an API
 * client signed in as the administrator and the menus' ids, the browser closed after.
 */
export function withBrowserAndApi(): BrowserAndApi {
  const suite = {} as BrowserAndApi;
  beforeAll(async () => {
    suite.browser = await launchBrowser();
    suite.admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    suite.menus = await suite.admin.menuIds();
  });
  afterAll(() => suite.browser?.close());
  return suite;
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from './api.js';
import { launchBrowser } from './browser.js';

/**
 * The usual set-up of a browser test file: Chromium launched once for the file, an API
 * client signed in as the administrator for the set-up calls, `ready` told both, the
 * browser closed after.
 */
export function withBrowserAndApi(ready: (browser: Browser, admin: ApiClient) => Promise<void> | void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await ready(browser, await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! }));
  });
  afterAll(() => browser?.close());
}

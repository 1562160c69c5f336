import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

/**
 * The suite's server of this worker: global-setup starts one per worker (ATRIUM_E2E_URLS), so
 * files running side by side never share a database; VITEST_POOL_ID (1…maxWorkers) picks it.
 */
export function baseUrl(): string {
  const urls = (process.env.ATRIUM_E2E_URLS ?? '').split(',').filter(Boolean);
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls.length > 0 ? urls[(worker - 1) % urls.length] : process.env.ATRIUM_E2E_URL;
  if (!url) throw new Error('ATRIUM_E2E_URL is not set: run through vitest.e2e.config.ts');
  return url;
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => existsSync(p));
  if (!executablePath) throw new Error('Chromium is missing: apt-get install -y chromium');
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh page (own storage) in the given language, on the suite's server unless another is given. */
export async function newPage(browser: Browser, lang: 'zh' | 'en' = 'zh', serverUrl = baseUrl()): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 1400, height: 900 }, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  const page = await context.newPage();
  if (lang === 'en') {
    await page.addInitScript(() => {
      const record = { dataType: 'string', content: 'en', type: undefined, datetime: Date.now() };
      if (!localStorage.getItem('saber-language')) localStorage.setItem('saber-language', JSON.stringify(record));
    });
  }
  return page;
}

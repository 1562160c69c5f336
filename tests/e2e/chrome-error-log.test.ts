import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

async function throwUnhandled(page: Page, message: string): Promise<void> {
  await page.evaluate((text) => setTimeout(() => { throw new Error(text); }), message);
  await page.locator(`[data-testid="log-badge"][data-count]:not([data-count="0"])`).waitFor();
}

describe('local error log (spec §8)', () => {
  it('stores an unhandled error with type, url, message, stack and time, and counts it on the badge', async () => {
    const page = await signedInPage(browser);
    await throwUnhandled(page, 'e2e boom');
    expect(await page.getByTestId('log-badge').getAttribute('data-count')).toBe('1');
    const [log] = (await readStoredItem<Record<string, string>[]>(page, 'logs'))!;
    expect(log).toMatchObject({ type: 'error', message: 'e2e boom' });
    expect(log.url).toContain('/wel/index');
    expect(log.stack).toContain('e2e boom');
    expect(log.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await page.context().close();
  });

  it('stores an unhandled promise rejection too', async () => {
    const page = await signedInPage(browser);
    await page.evaluate(() => { void Promise.reject(new Error('e2e rejected')); });
    await page.locator(`[data-testid="log-badge"][data-count="1"]`).waitFor();
    expect((await readStoredItem<Record<string, string>[]>(page, 'logs'))![0]).toMatchObject({ message: 'e2e rejected', info: 'unhandledrejection' });
    await page.context().close();
  });

  it('shows the log in the viewer, uploads it after a confirmation (发送成功!) and empties it', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await throwUnhandled(page, 'e2e upload me');
    await page.locator('#top_logs').click();
    const table = page.locator('#error_log_table');
    await table.getByText('e2e upload me').waitFor();
    await page.locator('[data-expand="0"]').click();
    expect(await page.locator('[data-stack="0"]').textContent()).toContain('e2e upload me');
    await page.locator('#error_log_upload').click();
    await chrome.expectText('确定上传本地日志到服务器?');
    const upload = page.waitForRequest((req) => req.url().endsWith('/api/blade-log/error/client') && req.method() === 'POST');
    await chrome.confirm();
    expect(JSON.parse((await upload).postData()!)[0]).toMatchObject({ type: 'error', message: 'e2e upload me' });
    await chrome.expectText('发送成功!');
    await page.locator('[data-testid="log-badge"][data-count="0"]').waitFor();
    expect(await readStoredItem(page, 'logs')).toBeUndefined();
    await page.context().close();
  });

  it('clears the local log after the question 确定清空本地日志记录?', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await throwUnhandled(page, 'e2e clear me');
    await page.locator('#top_logs').click();
    await page.locator('#error_log_clear').click();
    await chrome.expectText('确定清空本地日志记录?');
    await chrome.confirm();
    await chrome.expectText('清空成功!');
    await page.locator('[data-testid="log-badge"][data-count="0"]').waitFor();
    await page.context().close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('route guard (spec §2)', () => {
  it('sends a visitor without a session from a layout page to /login, titled 登录', async () => {
    const page = await newPage(browser);
    await page.goto('/info/index');
    await page.waitForURL('**/login');
    await page.locator('#login-username').waitFor();
    await page.waitForFunction(() => document.title === '登录');
    await page.context().close();
  });

  it('shows /404, /403 and /500 without a session and outside the layout', async () => {
    const page = await newPage(browser);
    for (const code of [404, 403, 500]) {
      await page.goto(`/${code}`);
      await page.getByTestId(`error-${code}`).waitFor();
      expect(await page.getByTestId('layout').count()).toBe(0);
    }
    await page.context().close();
  });

  it('sends a signed-in user from /login to /, and / to /wel/index', async () => {
    const page = await signedInPage(browser);
    await page.goto('/login');
    await page.waitForURL('**/wel/index');
    await page.goto('/');
    await page.waitForURL('**/wel/index');
    await page.context().close();
  });

  it('titles a page "<route title> - <product title>"', async () => {
    const page = await signedInPage(browser);
    expect(await page.title()).toBe('首页 - Atrium');
    await new ChromePage(page).openMenu('/system', '/system/param/index');
    await page.waitForFunction(() => document.title === '参数管理 - Atrium');
    await page.context().close();
  });

  it('sends an unknown path inside the layout to /404', async () => {
    const page = await signedInPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.context().close();
  });

  it('treats an empty stored token as a logout: local session cleared, /login', async () => {
    const page = await signedInPage(browser);
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('saber-token')!);
      localStorage.setItem('saber-token', JSON.stringify({ ...record, content: '' }));
    });
    await page.goto('/wel/index');
    await page.waitForURL('**/login');
    expect(await readStoredItem(page, 'userInfo')).toBeUndefined();
    expect(await readStoredItem(page, 'menu')).toEqual([]);
    await page.context().close();
  });

  it('logs out from the user menu after the question 是否退出系统, 是否继续?', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.userMenu('logout');
    await chrome.expectText('是否退出系统, 是否继续?');
    await chrome.confirm();
    await page.waitForURL('**/login');
    expect(await readStoredItem(page, 'token')).toBeUndefined();
    await page.context().close();
  });

  it('opens the profile from the user menu', async () => {
    const page = await signedInPage(browser);
    await new ChromePage(page).userMenu('info');
    await page.waitForURL('**/info/index');
    await page.locator('#info_phone').waitFor();
    await page.context().close();
  });
});

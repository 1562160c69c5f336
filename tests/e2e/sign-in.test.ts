import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('sign-in', () => {
  it('shows the server error for a wrong password and stays on the login page', async () => {
    const page = await newPage(browser);
    const login = new LoginPage(page);
    await login.open();
    expect(await page.title()).toContain('登录');
    await login.signIn({ password: 'not-the-password' });
    await new DialogPage(page).expectText('用户名或密码不正确');
    expect(page.url()).toContain('/login');
  });

  it('signs the administrator in, shows the menu from the server and guards the routes', async () => {
    const page = await newPage(browser);
    await page.goto('/system/param/index');
    await page.waitForURL('**/login**');
    await new LoginPage(page).signInAsAdmin();
    await page.locator('[data-menu-path="/system"]').waitFor();
    expect(await page.locator('[data-menu-path="/desk"]').count()).toBe(1);
    await page.goto('/login');
    await page.waitForURL('**/wel/index');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
  });
});

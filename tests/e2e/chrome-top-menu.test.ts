import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
let admin: ApiClient;
let page: Page;
let topMenuId: string;

const menuCount = (path: string) => page.locator(`[data-menu-path="${path}"]`).count();

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const menus = await admin.menuIds();
  const name = `E2E top ${Date.now().toString(36)}`;
  await admin.post('/blade-system/topmenu/submit', { name, code: name.replace(/\W/g, '_'), source: 'iconfont iconicon_setting', sort: 99 });
  const [created] = (await admin.get('/blade-system/topmenu/list', { name })).records;
  topMenuId = String(created.id);
  await admin.post('/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds: [menus.system, menus.user, menus.post] });
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(async () => {
  // Other suites' headers must not show this top menu, even after a failure here.
  await admin?.post(`/blade-system/topmenu/remove?ids=${topMenuId}`, {}).catch(() => undefined);
  await browser?.close();
});

describe('top menu in the top bar', () => {
  it('starts on 首页 with every menu in the sidebar', async () => {
    await page.locator(`#top_menu_${topMenuId}`).waitFor();
    expect(await page.locator('#top_menu_home').getAttribute('aria-current')).toBe('true');
    await page.locator('[data-menu-path="/desk"]').waitFor();
    expect(await menuCount('/authority')).toBe(1);
  });

  it('limits the sidebar to the menus granted to the chosen top menu', async () => {
    await page.locator(`#top_menu_${topMenuId}`).click();
    await page.locator('[data-menu-path="/desk"]').waitFor({ state: 'detached' });
    expect(await page.locator(`#top_menu_${topMenuId}`).getAttribute('aria-current')).toBe('true');
    expect(await menuCount('/system')).toBe(1);
    expect(await menuCount('/authority')).toBe(0);
    await page.locator('[data-menu-path="/system"]').click();
    await page.locator('[data-menu-path="/system/post/index"]').waitFor();
    expect(await menuCount('/system/menu/index')).toBe(0);
  });

  it('shows every menu again and the home page on 首页', async () => {
    await page.locator('#top_menu_home').click();
    await page.locator('[data-menu-path="/desk"]').waitFor();
    await page.waitForURL('**/wel/index');
    expect(await menuCount('/authority')).toBe(1);
  });

  it('keeps the choice for the page\'s life only: a reload shows every menu, as in Saber', async () => {
    await page.locator(`#top_menu_${topMenuId}`).click();
    await page.locator('[data-menu-path="/desk"]').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-menu-path="/desk"]').waitFor();
    expect(await page.locator('#top_menu_home').getAttribute('aria-current')).toBe('true');
  });
});

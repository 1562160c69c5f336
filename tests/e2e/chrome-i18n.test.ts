import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { LockScreen } from './pages/lock-screen.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { visibleCjk } from './support/visible-text.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

/** Fails with the screen's name and every untranslated piece of text. */
async function expectEnglish(page: Page, screen: string): Promise<void> {
  await page.waitForTimeout(300); // let transitions finish: a closing menu is still in the DOM
  expect({ screen, cjk: await visibleCjk(page) }).toEqual({ screen, cjk: [] });
}

describe('English screens show no Chinese text (user data aside)', () => {
  it('login page, each tab', async () => {
    const page = await newPage(browser, 'en');
    await new LoginPage(page).open();
    await expectEnglish(page, 'login account');
    for (const tab of ['phone', 'third']) {
      await page.locator(`#login_tab_${tab}`).click();
      await page.locator(tab === 'phone' ? '#phone-phone' : '[data-social="github"]').waitFor();
      await expectEnglish(page, `login ${tab}`);
    }
    await page.locator('#login_tab_phone').click();
    await page.locator('#phone-send').click();
    await page.locator('#phone-phone').waitFor();
    await expectEnglish(page, 'login phone messages');
    await page.context().close();
  });

  it('layout, home page and the sidebar with every group open', async () => {
    const page = await signedInPage(browser, 'en');
    for (const group of ['/desk', '/monitor', '/monitor/log', '/resource', '/base', '/authority']) {
      await page.locator(`[data-testid="sidebar-menu"] [data-menu-path="${group}"]`).click();
    }
    await expectEnglish(page, 'home with sidebar');
    await new ChromePage(page).tagMenu('menu_search');
    await page.locator('#search_panel').waitFor();
    await expectEnglish(page, 'search panel');
    await page.context().close();
  });

  it('the top bar dialogs and popovers', async () => {
    const page = await signedInPage(browser, 'en');
    const chrome = new ChromePage(page);
    await chrome.topButton('theme').click();
    await page.locator('#theme_dialog').waitFor();
    await expectEnglish(page, 'theme dialog');
    await page.keyboard.press('Escape');
    await chrome.topButton('notice').click();
    await page.locator('#notice_panel').waitFor();
    await expectEnglish(page, 'notice popover');
    await page.keyboard.press('Escape');
    await chrome.topButton('color').click();
    await page.locator('#color_picker').waitFor();
    await expectEnglish(page, 'colour picker');
    await page.keyboard.press('Escape');
    await page.evaluate(() => setTimeout(() => { throw new Error('english log'); }));
    await chrome.topButton('logs').click();
    await page.locator('#error_log_table').getByText('english log').waitFor();
    await expectEnglish(page, 'error log viewer');
    await page.locator('#error_log_clear').click();
    await expectEnglish(page, 'clear question');
    await page.locator('#confirm_cancel').click();
    await page.locator('#error_log_close').click();
    await chrome.topButton('lock').click();
    await page.locator('#lock_dialog_submit').click();
    await expectEnglish(page, 'lock dialog');
    await page.locator('#lock_dialog_cancel').click();
    await page.getByTestId('user-menu').click();
    await expectEnglish(page, 'user menu');
    await page.keyboard.press('Escape');
    await chrome.tagMenu('close_others');
    await page.locator('#tags_more').click();
    await expectEnglish(page, 'tags menu');
    await page.context().close();
  });

  it('profile, dashboard, test page, lock page and 404', async () => {
    const page = await signedInPage(browser, 'en');
    await page.goto('/info/index');
    await page.locator('#info_phone').fill('123');
    await page.locator('#info_phone').blur();
    await expectEnglish(page, 'profile');
    await page.locator('#info_tab_password').click();
    await page.locator('#password_submit').click();
    await expectEnglish(page, 'password tab');
    for (const path of ['/wel/dashboard', '/test/index', '/dict-horizontal/index']) {
      await page.goto(path);
      await page.getByTestId('layout-content').locator('.MuiPaper-root').first().waitFor();
      await expectEnglish(page, path);
    }
    await new LockScreen(page).lock('pw');
    await expectEnglish(page, 'lock page');
    await new LockScreen(page).unlock('pw');
    await page.goto('/404');
    await page.getByTestId('error-404').waitFor();
    await expectEnglish(page, '404');
    await page.context().close();
  });
});

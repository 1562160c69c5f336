import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report, SCREENS_SUITE, settled, sidebarScreens } from './support/accessibility-checks.js';
import { seriousViolations } from './support/axe.js';
import { THEME_NAMES } from '../../src/client/chrome/themes.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { setStoredItem } from './support/storage.js';

const screens = await sidebarScreens();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe(SCREENS_SUITE, () => {
  it('on the login page', async () => {
    const login = await newPage(browser);
    await login.goto('/login');
    await login.locator('#login_tab_account').waitFor();
    await settled(login);
    expect(report(await seriousViolations(login))).toEqual([]);
    await login.context().close();
  });

  it('on the welcome page', async () => {
    await page.goto('/wel/index');
    await page.getByTestId('wel-stats').waitFor();
    await settled(page);
    expect(report(await seriousViolations(page))).toEqual([]);
  });

  // Each screen is checked in accessibility-screens-1 and -2 (split so two workers share them).
  it('finds the sidebar screens in the menu routes', () => {
    expect(screens.map((s) => s.path)).toContain('/system/user/index');
  });
});

describe('accessibility in every theme of the theme picker (a list screen with its menu item selected, and the welcome page)', () => {
  it.each([...THEME_NAMES])('%s', async (theme) => {
    const themed = await newPage(browser);
    await setStoredItem(themed, 'themeName', theme);
    await new LoginPage(themed).signInAsAdmin();
    const findings: string[] = [];
    for (const path of ['/wel/index', '/system/param/index']) {
      await themed.goto(path);
      await settled(themed);
      findings.push(...report(await seriousViolations(themed)).map((line) => `${path} ${line}`));
    }
    expect(findings).toEqual([]);
    await themed.context().close();
  });
});

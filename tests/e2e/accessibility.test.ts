import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { seriousViolations, type AxeFinding } from './support/axe.js';
import { THEME_NAMES } from '../../src/client/chrome/themes.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { setStoredItem } from './support/storage.js';

interface MenuRoute {
  path: string;
  name: string;
  children?: MenuRoute[];
}

/** Every screen of the administrator's sidebar: the leaves of the menu routes, as the console routes them. */
async function sidebarScreens(): Promise<{ path: string; name: string }[]> {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const leaves = (nodes: MenuRoute[]): MenuRoute[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
  return leaves(await admin.get<MenuRoute[]>('/blade-system/menu/routes'))
    .filter((n) => n.path && !/^https?:/i.test(n.path))
    .map((n) => ({ path: `${n.path.replace(/\/+$/, '')}/index`, name: n.name }));
}

/** A readable failure: rule, then the elements and axe's advice. */
function report(findings: AxeFinding[]): string[] {
  return findings.flatMap((f) => [`${f.rule} (${f.impact}): ${f.help}`, ...f.nodes.map((n) => `  ${n.target} — ${n.summary}`)]);
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiCircularProgress-root, .MuiLinearProgress-root').first().waitFor({ state: 'hidden' }).catch(() => undefined);
  // Dialogs and menus fade in; axe reads colours as painted.
  await page.waitForTimeout(400);
}

const screens = await sidebarScreens();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('accessibility: no serious or critical axe-core violations (WCAG 2 A/AA, zh)', () => {
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

  it('finds the sidebar screens in the menu routes', () => {
    expect(screens.map((s) => s.path)).toContain('/system/user/index');
  });

  it.each(screens)('on $name ($path), and in its add dialog', async ({ path }) => {
    await page.goto(path);
    await page.waitForURL(`**${path}`);
    await settled(page);
    expect(report(await seriousViolations(page))).toEqual([]);
    const add = page.locator('#toolbar_add');
    if (!(await add.isVisible())) return;
    await add.click();
    await page.locator('#resource_form').waitFor();
    await settled(page);
    expect(report(await seriousViolations(page))).toEqual([]);
    await page.locator('#form_cancel').click();
    await page.locator('#resource_form').waitFor({ state: 'detached' });
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

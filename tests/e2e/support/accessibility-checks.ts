import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api.js';
import { seriousViolations, type AxeFinding } from './axe.js';
import { launchBrowser } from './browser.js';
import { signedInPage } from './session.js';

interface MenuRoute {
  path: string;
  name: string;
  children?: MenuRoute[];
}

export const SCREENS_SUITE = 'accessibility: no serious or critical axe-core violations (WCAG 2 A/AA, zh)';

/** Every screen of the administrator's sidebar: the leaves of the menu routes, as the console routes them. */
export async function sidebarScreens(): Promise<{ path: string; name: string }[]> {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const leaves = (nodes: MenuRoute[]): MenuRoute[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
  return leaves(await admin.get<MenuRoute[]>('/blade-system/menu/routes'))
    .filter((n) => n.path && !/^https?:/i.test(n.path))
    .map((n) => ({ path: `${n.path.replace(/\/+$/, '')}/index`, name: n.name }));
}

/** A readable failure: rule, then the elements and axe's advice. */
export function report(findings: AxeFinding[]): string[] {
  return findings.flatMap((f) => [`${f.rule} (${f.impact}): ${f.help}`, ...f.nodes.map((n) => `  ${n.target} — ${n.summary}`)]);
}

export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiCircularProgress-root, .MuiLinearProgress-root').first().waitFor({ state: 'hidden' }).catch(() => undefined);
  // Dialogs and menus fade in; axe reads colours as painted.
  await page.waitForTimeout(400);
}

/** The share a screen belongs to, by its path alone: the same on every worker's server, whatever menus another file added there. */
function shareOf(path: string, parts: number): number {
  let sum = 0;
  for (const char of path) sum = (sum * 31 + char.charCodeAt(0)) % 1_000_003;
  return sum % parts;
}

/**
 * Checks one share of the sidebar's screens (those whose path falls in `part` of `parts`), and
 * each one's add dialog: the screens are split over files so the suite's workers check them side by side.
 */
export async function describeSidebarScreens({ part, parts }: { part: number; parts: number }): Promise<void> {
  const screens = (await sidebarScreens()).filter((screen) => shareOf(screen.path, parts) === part);
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser);
  });
  afterAll(() => browser?.close());

  describe(SCREENS_SUITE, () => {
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
}

// Screenshots for the README: the login page and the layout in three themes, in zh and
// en. Builds the console and serves it like the e2e suite (fresh embedded database),
// then writes PNGs to docs/screenshots/. Run: npx tsx tests/e2e/support/take-screenshots.ts
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { projectPath } from '../../support/paths.js';
import { LoginPage } from '../pages/login-page.js';
import { launchBrowser, newPage } from './browser.js';
import { setStoredItem } from './storage.js';
import setup from './global-setup.js';
import { ListPage } from '../pages/list-page.js';

const THEMES = ['theme-bule', 'theme-dark', 'theme-lte'] as const;
const LANGS = ['zh', 'en'] as const;
const outDir = projectPath('docs/screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // let transitions (sidebar, tabs) settle
  await page.screenshot({ path: `${outDir}/${name}.png` });
  console.log(`docs/screenshots/${name}.png`);
}

async function loginPage(browser: Browser, lang: 'zh' | 'en'): Promise<void> {
  const page = await newPage(browser, lang);
  await new LoginPage(page).open();
  await shoot(page, `login-${lang}`);
  await page.context().close();
}

async function layout(browser: Browser, lang: 'zh' | 'en', theme: string): Promise<void> {
  const page = await newPage(browser, lang);
  await setStoredItem(page, 'themeName', theme);
  await new LoginPage(page).signInAsAdmin();
  await new ListPage(page).openFromMenu('/system', '/system/param');
  await page.locator('[data-tag="/wel/index"]').click();
  await page.locator('[data-testid="wel-stats"]').waitFor();
  await shoot(page, `layout-${theme}-${lang}`);
  await page.context().close();
}

const teardown = await setup();
const browser = await launchBrowser();
try {
  mkdirSync(outDir, { recursive: true });
  for (const lang of LANGS) {
    await loginPage(browser, lang);
    for (const theme of THEMES) await layout(browser, lang, theme);
  }
} finally {
  await browser.close();
  await teardown();
}

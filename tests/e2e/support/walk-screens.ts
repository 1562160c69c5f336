// Screenshots of screens as staff see them, for a walk before an issue is called resolved:
// every path given, in zh and en, at 1440, 1000 and 768 px, on the suite's fresh embedded
// database. Writes PNGs to WALK_DIR (default .tmp/walk/) and prints each file's path.
// Paths are menu paths (/system/user; /index is added as the sidebar does) or full ones (/wel/index).
// Run: npx tsx tests/e2e/support/walk-screens.ts /system/user /system/menu /wel/index
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { LoginPage } from '../pages/login-page.js';
import { launchBrowser, newPage } from './browser.js';
import setup from './global-setup.js';

const WIDTHS = [1440, 1000, 768] as const;
const LANGS = ['zh', 'en'] as const;
const outDir = process.env.WALK_DIR ?? '.tmp/walk';

async function walkLanguage(browser: Browser, lang: 'zh' | 'en', paths: string[]): Promise<void> {
  const page = await newPage(browser, lang);
  await new LoginPage(page).signInAsAdmin();
  for (const path of paths) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path.endsWith('/index') ? path : `${path}/index`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600); // transitions (sidebar, tabs) and lazy chunks settle
      const file = `${outDir}/${path.replace(/^\//, '').replace(/\//g, '_') || 'home'}-${lang}-${width}.png`;
      await page.screenshot({ path: file });
      console.log(file);
    }
  }
  await page.context().close();
}

const paths = process.argv.slice(2);
if (paths.length === 0) throw new Error('name the screens to walk: npx tsx tests/e2e/support/walk-screens.ts /system/user …');
const teardown = await setup();
const browser = await launchBrowser();
try {
  mkdirSync(outDir, { recursive: true });
  for (const lang of LANGS) await walkLanguage(browser, lang, paths);
} finally {
  await browser.close();
  await teardown();
}

// Hand walk (session 18): the screens issue 31 changed, zh/en at 1440 and 768. Not committed.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './tests/e2e/support/browser.js';
import setup from './tests/e2e/support/global-setup.js';
import { LoginPage } from './tests/e2e/pages/login-page.js';
const out = '/work/notes/shots';
async function shot(page: Page, name: string) { await page.waitForTimeout(700); await page.screenshot({ path: `${out}/${name}.png` }); console.log(name); }
async function newPage(browser: Browser, lang: 'zh' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.ATRIUM_E2E_URL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (lang === 'en') await page.addInitScript(() => { if (!localStorage.getItem('saber-language')) localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })); });
  page.on('console', (m) => { if (m.type() === 'error') console.log('  console error:', m.text().slice(0, 200)); });
  return page;
}
async function firstRowCheck(page: Page) { await page.locator('#resource_table tbody tr').first().locator('input[type=checkbox]').first().check(); }
async function step(name: string, fn: () => Promise<void>, page: Page) { try { await fn(); } catch (e) { console.log('FAIL', name, String(e).slice(0, 300)); await shot(page, name + '-fail'); } }
const teardown = await setup();
const browser = await launchBrowser();
try {
  for (const lang of ['zh', 'en'] as const) for (const width of [1440, 768]) {
    const tag = `${lang}-${width}`;
    const page = await newPage(browser, lang, width);
    await new LoginPage(page).signInAsAdmin();
    await step(`tenant-setting-${tag}`, async () => {
      await page.goto('/system/tenant/index'); await page.locator('#resource_table tbody tr').first().waitFor();
      await firstRowCheck(page); await page.locator('#toolbar_setting').click(); await page.locator('[id$="_setting_dialog"]').waitFor();
      await shot(page, `tenant-setting-${tag}`);
      const quota = page.locator('[id$="_setting_accountNumber"]'); await quota.fill('-5'); await page.locator('[id$="_setting_submit"]').click(); await shot(page, `tenant-setting-bad-${tag}`);
      await page.keyboard.press('Escape');
      await page.locator('#toolbar_package').click(); await page.waitForTimeout(800); await shot(page, `tenant-package-${tag}`); await page.keyboard.press('Escape');
      await page.locator('#toolbar_datasource').click(); await page.waitForTimeout(800); await shot(page, `tenant-datasource-${tag}`); await page.keyboard.press('Escape');
    }, page);
    await step(`topmenu-${tag}`, async () => {
      await page.goto('/system/topmenu/index'); await page.locator('#resource_table tbody tr').first().waitFor();
      await firstRowCheck(page); await page.locator('#toolbar_setting').click(); await page.waitForTimeout(1200); await shot(page, `topmenu-setting-${tag}`); await page.keyboard.press('Escape');
    }, page);
    await step(`user-${tag}`, async () => {
      await page.goto('/system/user/index'); await page.locator('#resource_table tbody tr').first().waitFor();
      await page.locator('[id^="dept_tree_"]').nth(1).click(); await page.waitForTimeout(800); await shot(page, `user-tree-pick-${tag}`);
      await firstRowCheck(page); await page.locator('#toolbar_role').click(); await page.waitForTimeout(1200); await shot(page, `user-role-${tag}`); await page.keyboard.press('Escape');
    }, page);
    await step(`sms-${tag}`, async () => {
      await page.goto('/resource/sms/index'); await page.locator('#resource_table tbody tr').first().waitFor();
      await page.locator('#resource_table tbody tr').first().locator('[data-action="debug"]').click(); await page.waitForTimeout(1000); await shot(page, `sms-debug-${tag}`); await page.keyboard.press('Escape');
    }, page);
    await page.context().close();
  }
} finally { await browser.close(); await teardown(); }

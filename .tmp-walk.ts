// Hand walk (session 18): issue 29 screens in zh/en at 1440 and 768 px. Not committed.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './tests/e2e/support/browser.js';
import setup from './tests/e2e/support/global-setup.js';
import { LoginPage } from './tests/e2e/pages/login-page.js';

const out = '/work/notes/shots';
const only = process.argv[2]?.split(',');
async function shot(page: Page, name: string) { await page.waitForTimeout(600); await page.screenshot({ path: `${out}/${name}.png` }); console.log(name); }
async function newPage(browser: Browser, lang: 'zh' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.ATRIUM_E2E_URL, viewport: { width, height: 900 }, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  const page = await context.newPage();
  if (lang === 'en') await page.addInitScript(() => { if (!localStorage.getItem('saber-language')) localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })); });
  return page;
}
async function screen(page: Page, path: string, tag: string) {
  await page.goto(path);
  await page.locator('#resource_table tbody tr').first().waitFor({ timeout: 20000 });
  await shot(page, `${tag}-list`);
  await page.locator('#resource_table tbody tr').first().locator('[data-action="edit"]').first().click();
  await page.locator('#form_submit').waitFor();
  await shot(page, `${tag}-edit`);
  await page.locator('#form_submit').click();
  await shot(page, `${tag}-saved`);
  await page.keyboard.press('Escape');
  await page.locator('#toolbar_add').click();
  await page.locator('#form_submit').waitFor();
  await page.locator('#form_submit').click();
  await shot(page, `${tag}-add-empty`);
  await page.keyboard.press('Escape');
}
const teardown = await setup();
const browser = await launchBrowser();
try {
  for (const lang of ['zh', 'en'] as const) for (const width of [1440, 768]) {
    const page = await newPage(browser, lang, width);
    await new LoginPage(page).signInAsAdmin();
    for (const [path, name] of [['/system/user/index', 'user'], ['/resource/oss/index', 'oss'], ['/resource/sms/index', 'sms'], ['/system/param/index', 'param']] as const) {
      if (only && !only.includes(name)) continue;
      try { await screen(page, path, `${name}-${lang}-${width}`); } catch (e) { console.log('FAIL', name, lang, width, String(e).slice(0, 300)); await shot(page, `${name}-${lang}-${width}-fail`); }
    }
    await page.context().close();
  }
  // sign-in throttle last: it locks this address out for a minute
  for (const lang of ['zh', 'en'] as const) {
    const page = await newPage(browser, lang, 1440);
    const login = new LoginPage(page);
    await login.open();
    for (let i = 0; i < 6; i++) { await login.signIn({ password: 'wrong-' + i }); await page.waitForTimeout(700); }
    await shot(page, `signin-throttle-${lang}`);
    await page.context().close();
  }
} finally { await browser.close(); await teardown(); }

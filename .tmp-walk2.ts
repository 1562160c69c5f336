import { launchBrowser } from './tests/e2e/support/browser.js';
import setup from './tests/e2e/support/global-setup.js';
import { LoginPage } from './tests/e2e/pages/login-page.js';
const teardown = await setup();
const browser = await launchBrowser();
try {
  for (const lang of ['en', 'zh'] as const) {
    const context = await browser.newContext({ baseURL: process.env.ATRIUM_E2E_URL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    if (lang === 'en') await page.addInitScript(() => { if (!localStorage.getItem('saber-language')) localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })); });
    page.on('response', async (r) => { if (r.url().includes('token')) console.log(lang, r.status(), (await r.text()).slice(0, 160)); });
    const login = new LoginPage(page);
    await login.open();
    for (let i = 0; i < 11; i++) {
      await login.signIn({ password: 'wrong-' + i });
      await page.waitForTimeout(900);
      const alert = await page.locator('[role=alert]').allInnerTexts();
      console.log(lang, i, JSON.stringify(alert));
    }
    await page.screenshot({ path: `/work/notes/shots/throttle2-${lang}.png` });
    await context.close();
  }
} finally { await browser.close(); await teardown(); }

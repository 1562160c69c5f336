import { LoginPage } from '../pages/login-page.js';
import { launchBrowser, newPage } from './browser.js';
import { setStoredItem } from './storage.js';
import setup from './global-setup.js';
const teardown = await setup();
const browser = await launchBrowser();
try {
  const page = await newPage(browser, 'en');
  page.on('console', (m) => console.log('console:', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await new LoginPage(page).signInAsAdmin();
  await page.locator('[data-menu-path="/system"]').click();
  await page.locator('[data-menu-path="/system/param/index"]').click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/dbg.png' });
  console.log(page.url());
} finally { await browser.close(); await teardown(); }

import { ChromePage } from '../pages/chrome-page.js';
import { launchBrowser } from './browser.js';
import { signedInPage } from './session.js';
import setup from './global-setup.js';
const teardown = await setup();
const browser = await launchBrowser();
try {
  for (let i = 0; i < 3; i++) {
    const page = await signedInPage(browser);
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
    const chrome = new ChromePage(page);
    await chrome.openMenu('/system', '/system/param/index');
    console.log('after param', await page.evaluate(() => localStorage.getItem('saber-tagList')));
    await chrome.openMenu('/system', '/system/dict/index');
    console.log('after dict', await page.evaluate(() => localStorage.getItem('saber-tagList')), page.url());
    await page.waitForTimeout(1500);
    console.log('later', await page.evaluate(() => localStorage.getItem('saber-tagList')), page.url());
    await page.context().close();
  }
} finally { await browser.close(); await teardown(); }

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { LockScreen } from './pages/lock-screen.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('screen lock (spec §2, §4)', () => {
  it('asks for a lock password first: 锁屏密码不能为空', async () => {
    const page = await signedInPage(browser);
    await page.locator('#top_lock').click();
    await page.locator('#lock_dialog_submit').click();
    await new ChromePage(page).expectText('锁屏密码不能为空');
    expect(page.url()).toContain('/wel/index');
    await page.context().close();
  });

  it('locks into /lock, sends every path there, and survives a reload', async () => {
    const page = await signedInPage(browser);
    await new ChromePage(page).openMenu('/system', '/system/param/index');
    await new LockScreen(page).lock('pw-1');
    expect(await readStoredItem(page, 'isLock')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('saber-isLock'))).toBeNull(); // session storage only
    await page.goto('/wel/index');
    await page.waitForURL('**/lock');
    await page.reload();
    await page.getByTestId('lock-page').waitFor();
    const user = await readStoredItem<{ nick_name: string }>(page, 'userInfo');
    expect(await page.getByTestId('lock-page').textContent()).toContain(user!.nick_name);
    await page.context().close();
  });

  it('asks for the lock password it takes (not the login password), under a clock centred over the field', async () => {
    const page = await signedInPage(browser);
    await new LockScreen(page).lock('pw-c');
    const field = page.locator('#lock_password');
    expect(await field.getAttribute('placeholder')).toBe('请输入锁屏密码解锁');
    const clock = (await page.getByTestId('clock').boundingBox())!;
    // The field's box with its unlock button (the input alone stops short of the button).
    const input = (await page.locator('.MuiTextField-root').filter({ has: field }).boundingBox())!;
    const centre = (box: { x: number; width: number }) => box.x + box.width / 2;
    expect(Math.abs(centre(clock) - centre(input))).toBeLessThanOrEqual(2);
    const text = await page.getByTestId('clock').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    expect(Math.abs((text.left + text.right) / 2 - centre(input))).toBeLessThanOrEqual(4);
    await page.context().close();
  });

  it('refuses a wrong password with 解锁密码错误,请重新输入 and returns to the last tab with the right one', async () => {
    const page = await signedInPage(browser);
    await new ChromePage(page).openMenu('/system', '/system/param/index');
    const lock = new LockScreen(page);
    await lock.lock('pw-2');
    await lock.unlock('nope');
    await new ChromePage(page).expectText('解锁密码错误,请重新输入');
    expect(page.url()).toContain('/lock');
    await lock.unlock('pw-2');
    await page.waitForURL('**/system/param/index');
    expect(await readStoredItem(page, 'isLock')).toBeUndefined();
    await page.context().close();
  });

  it('logs out from the lock page after a confirmation, clearing the lock', async () => {
    const page = await signedInPage(browser);
    await new LockScreen(page).lock('pw-3');
    await page.locator('#lock_logout').click();
    await new ChromePage(page).confirm();
    await page.waitForURL('**/login');
    expect(await readStoredItem(page, 'isLock')).toBeUndefined();
    expect(await readStoredItem(page, 'lockPasswd')).toBeUndefined();
    await page.context().close();
  });
});

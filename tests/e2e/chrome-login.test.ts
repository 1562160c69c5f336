import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('login page (spec §1, saber-screens §8.8)', () => {
  it('shows the clock, the tenant field (no tenant bound to this domain) and no captcha while captchaMode is off', async () => {
    const page = await newPage(browser);
    const lookup = page.waitForRequest((req) => req.url().includes('/blade-system/tenant/info?domain='));
    await new LoginPage(page).open();
    expect(new URL((await lookup).url()).searchParams.get('domain')).toBe(new URL(page.url()).origin);
    await page.getByTestId('clock').waitFor();
    expect(await page.locator('#login-tenantId').inputValue()).toBe('000000');
    expect(await page.locator('#login-captcha').count()).toBe(0);
    await page.context().close();
  });

  it('toggles the password between hidden and shown', async () => {
    const page = await newPage(browser);
    await new LoginPage(page).open();
    const password = page.locator('#login-password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.locator('#login-password-toggle').click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.context().close();
  });

  it('resets the tabs to home and clears a lock on sign-in', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const record = (content: unknown) => JSON.stringify({ dataType: typeof content, content, type: 'local', datetime: Date.now() });
      localStorage.setItem('saber-tagList', record([{ value: '/wel/index', label: '首页' }, { value: '/system/param/index', label: '参数管理' }]));
    });
    await new LoginPage(page).signInAsAdmin();
    expect(await readStoredItem<{ value: string }[]>(page, 'tagList')).toEqual([{ value: '/wel/index', label: '首页' }]);
    await page.context().close();
  });

  it('checks the phone and the code on the phone tab before sending anything', async () => {
    const page = await newPage(browser);
    const chrome = new ChromePage(page);
    await new LoginPage(page).open();
    await page.locator('#login_tab_phone').click();
    await page.locator('#phone-send').click();
    await chrome.expectText('手机号码不能为空');
    await page.locator('#phone-phone').fill('1381234');
    await page.locator('#phone-submit').click();
    await chrome.expectText('手机号码长度不为11位');
    await chrome.expectText('请输入4至6位数字验证码');
    await page.context().close();
  });

  it('links each third-party tile to the render endpoint with the tenant', async () => {
    const page = await newPage(browser);
    await new LoginPage(page).open();
    await page.locator('#login_tab_third').click();
    for (const source of ['github', 'gitee', 'wechat', 'qq']) {
      expect(await page.locator(`[data-social="${source}"]`).getAttribute('href')).toBe(`/api/blade-auth/oauth/render/${source}?tenantId=000000`);
    }
    await page.context().close();
  });

  it('shows 第三方系统登录中,请稍后。。。 on the callback and returns to /login when the code is refused', async () => {
    const page = await newPage(browser);
    // The refusal comes back in a few ms on a warm server: hold the exchange until the text is seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/blade-auth/oauth/token**', async (route) => { await held; await route.continue(); });
    const token = page.waitForRequest((req) => req.url().includes('/blade-auth/oauth/token'));
    await page.goto('/oauth/redirect/github?code=bad-code&state=s1');
    await page.getByText('第三方系统登录中,请稍后。。。').waitFor();
    release();
    const params = new URL((await token).url()).searchParams;
    expect(Object.fromEntries(['grant_type', 'source', 'code', 'state', 'tenantId'].map((k) => [k, params.get(k)]))).toEqual({
      // No tenant in the callback: the server takes the one bound to the state at render.
      grant_type: 'social', source: 'github', code: 'bad-code', state: 's1', tenantId: null,
    });
    await page.waitForURL('**/login');
    await page.context().close();
  });
});

describe('guest registration (spec §4, §5)', () => {
  it('opens for a user without a real id and warns in order: tenant, account, password, match', async () => {
    const page = await signedInPage(browser);
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('saber-userInfo')!);
      localStorage.setItem('saber-userInfo', JSON.stringify({ ...record, content: { ...record.content, user_id: '-1', oauth_id: '77' } }));
    });
    await page.reload();
    const chrome = new ChromePage(page);
    await page.locator('#register_dialog').waitFor();
    await page.locator('#register_tenantId').fill('');
    await page.locator('#register_submit').click();
    await chrome.expectText('请先输入租户编号');
    await page.locator('#register_tenantId').fill('000000');
    await page.locator('#register_submit').click();
    await chrome.expectText('请先输入账号名称');
    await page.locator('#register_account').fill('guest1');
    await page.locator('#register_submit').click();
    await chrome.expectText('请先输入密码');
    await page.locator('#register_password').fill('pw-1');
    await page.locator('#register_password2').fill('pw-2');
    await page.locator('#register_submit').click();
    await chrome.expectText('两次密码输入不一致');
    await page.locator('#register_password2').fill('pw-1');
    const sent = page.waitForRequest((req) => req.url().includes('/blade-user/register-guest'));
    await page.locator('#register_submit').click();
    const params = new URL((await sent).url()).searchParams;
    expect(params.get('oauthId')).toBe('77');
    expect(params.get('account')).toBe('guest1');
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

/** A 1×1 PNG: the server checks an avatar's bytes, not only its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function profile(): Promise<{ page: Page; form: ProfilePage; chrome: ChromePage }> {
  const page = await signedInPage(browser);
  const form = new ProfilePage(page);
  await form.open();
  return { page, form, chrome: new ChromePage(page) };
}

/** Counts the upload requests the page sends from now on. */
function countUploads(page: Page): () => number {
  let count = 0;
  page.on('request', (req) => { if (req.url().includes('/oss/endpoint/put-file')) count += 1; });
  return () => count;
}

describe('profile (spec §2 Profile screen, §5)', () => {
  it('keeps the header\'s name (the real name, 管理员) when the profile is saved unchanged', async () => {
    const { page, form, chrome } = await profile();
    const before = (await page.getByTestId('user-menu').textContent())?.trim();
    expect(before).toContain('管理员');
    // A phone is required; the seeded administrator may have none yet.
    if (!(await form.field('phone').inputValue())) await form.setPhone('13912345678');
    await form.save();
    await chrome.expectText('修改信息成功!');
    expect((await page.getByTestId('user-menu').textContent())?.trim()).toBe(before);
    await page.context().close();
  });

  it('checks the phone in order: empty, length, format', async () => {
    const { page, form, chrome } = await profile();
    await form.setPhone('');
    await chrome.expectText('手机号码不能为空');
    await form.setPhone('1381234');
    await chrome.expectText('手机号码长度不为11位');
    await form.setPhone('12345678901');
    await chrome.expectText('手机号码格式不正确');
    await form.setPhone('13812345678');
    await page.getByText('手机号码格式不正确').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('does not save with a bad phone, saves with a good one, and keeps it', async () => {
    const { page, form, chrome } = await profile();
    const original = await form.field('phone').inputValue();
    await form.setPhone('123');
    let saves = 0;
    page.on('request', (req) => { if (req.url().includes('/blade-user/update-info')) saves += 1; });
    await form.save();
    await chrome.expectText('手机号码长度不为11位');
    expect(saves).toBe(0);
    await form.setPhone('13912345678');
    await form.save();
    await chrome.expectText('修改信息成功!');
    await form.open();
    expect(await form.field('phone').inputValue()).toBe('13912345678');
    if (original) {
      await form.setPhone(original);
      await form.save();
      await chrome.expectText('修改信息成功!');
    }
    await page.context().close();
  });

  it('refuses an avatar that is not JPG/PNG before uploading it', async () => {
    const { page, form, chrome } = await profile();
    const uploads = countUploads(page);
    await form.chooseAvatar({ name: 'avatar.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await chrome.expectText('上传头像图片只能是 JPG/PNG 格式!');
    expect(uploads()).toBe(0);
    await page.context().close();
  });

  it('refuses an avatar over 500kb before uploading it', async () => {
    const { page, form, chrome } = await profile();
    const uploads = countUploads(page);
    await form.chooseAvatar({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(500 * 1024)]) });
    await chrome.expectText('上传头像图片大小不能超过 500kb!');
    expect(uploads()).toBe(0);
    await page.context().close();
  });

  it('uploads a small PNG avatar as multipart field file with type=avatar and shows the link', async () => {
    const { page, form } = await profile();
    const upload = page.waitForResponse((res) => res.url().includes('/oss/endpoint/put-file?type=avatar'));
    await form.chooseAvatar({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const res = await upload;
    expect(res.request().headers()['content-type']).toContain('multipart/form-data');
    const link: string = (await res.json()).data.link;
    await page.waitForFunction((src) => document.querySelector('[data-testid="info-avatar"] img')?.getAttribute('src') === src, link);
    await page.context().close();
  });

  it('requires the password fields and matching new passwords, and sends md5 hex', async () => {
    const { page, form, chrome } = await profile();
    await form.openPasswordTab();
    await form.savePassword();
    await chrome.expectText('请输入原密码');
    await chrome.expectText('请输入新密码');
    await form.passwordField('oldPassword').fill('not-my-password');
    await form.passwordField('newPassword').fill('new-pw-1');
    await form.passwordField('newPassword1').fill('new-pw-2');
    await form.savePassword();
    await chrome.expectText('两次输入密码不一致!');
    await form.passwordField('newPassword1').fill('new-pw-1');
    const sent = page.waitForRequest((req) => req.url().includes('/blade-user/update-password'));
    await form.savePassword();
    const url = new URL((await sent).url());
    expect(url.searchParams.get('newPassword')).toMatch(/^[0-9a-f]{32}$/);
    await chrome.expectText('原密码不正确!');
    await page.context().close();
  });

  it.each([
    ['zh', '修改密码成功!请使用新密码重新登录'],
    ['en', 'Password changed! Please sign in again with the new password.'],
  ] as const)('says a changed password needs a new sign-in and goes to the login page at once, where the new one signs in (%s)', async (lang, said) => {
    const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const roles: { id: string; roleAlias: string; children?: unknown[] }[] = await admin.get('/blade-system/role/list');
    const depts: { id: string }[] = await admin.get('/blade-system/dept/list');
    const account = `pw${lang}${Date.now().toString(36).slice(-5)}`;
    await admin.post('/blade-user/submit', { account, name: account, realName: account, password: 'old-pw', roleId: roles.find((r) => r.roleAlias === 'user')!.id, deptId: depts[0].id, userType: 1 });
    const page = await newPage(browser, lang);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn({ username: account, password: 'old-pw' });
    await page.waitForURL('**/wel/index');
    const form = new ProfilePage(page);
    await form.open();
    await form.openPasswordTab();
    await form.passwordField('oldPassword').fill('old-pw');
    await form.passwordField('newPassword').fill('new-pw-1');
    await form.passwordField('newPassword1').fill('new-pw-1');
    await form.savePassword();
    await new ChromePage(page).expectText(said);
    await page.waitForURL('**/login');
    await login.signIn({ username: account, password: 'new-pw-1' });
    await page.waitForURL('**/wel/index');
    await page.context().close();
  });
});

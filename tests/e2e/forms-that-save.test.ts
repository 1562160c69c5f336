import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;

beforeAll(async () => {
  ({ browser, page, list, dialog } = await openAdminScreen('/system', '/system/user'));
});
afterAll(() => browser?.close());

/** The label text of the form field `name`. */
const labelOf = (name: string) => page.locator(`label[for="root_${name}"], #root_${name}-label`).first().textContent();

describe('user form', () => {
  it('lists a user\'s tenant, role and department by name, not by id', async () => {
    await list.search('account', 'admin');
    const row = list.row('admin').first();
    for (const name of ['管理组', '超级管理员']) await row.getByText(name, { exact: true }).first().waitFor();
    expect(await row.getByText('000000', { exact: true }).count()).toBe(0);
  });


  it('saves the administrator unchanged, in Saber\'s three sections of two columns', async () => {
    await list.search('account', 'admin');
    await list.rowAction('admin', 'edit');
    await dialog.field('account').waitFor();
    for (const title of ['基础信息', '详细信息', '职责信息']) {
      await page.locator(`section[aria-label="${title}"]`).waitFor();
    }
    expect(await page.locator('section[aria-label="职责信息"] #root_roleId').count()).toBe(1);
    const name = await dialog.field('name').boundingBox();
    const realName = await dialog.field('realName').boundingBox();
    expect(Math.abs(name!.y - realName!.y)).toBeLessThan(4);
    expect(realName!.x).toBeGreaterThan(name!.x + name!.width / 2);
    await dialog.submit();
    await dialog.expectText('更新成功');
  });

  it('refuses a user with a bad phone, email, name and confirmation with the spec\'s messages', async () => {
    await list.clickAdd();
    await dialog.field('password2').waitFor();
    await dialog.fill({ account: `e2e${Date.now().toString(36)}`, name: 'nick', realName: 'x', phone: '12345', email: 'xx', password: 'pw-one', password2: 'pw-two' });
    await dialog.submit();
    for (const text of ['手机号码长度不为11位', '邮箱格式不正确', '姓名长度在2到10个字符', '两次输入密码不一致!', '请选择所属角色', '请选择所属部门']) {
      await dialog.expectText(text);
    }
    await dialog.fill({ phone: '12345678901' });
    await dialog.expectText('手机号码格式不正确');
    expect(await page.getByText('手机号码长度不为11位').count()).toBe(0);
    await page.locator('#form_cancel').click();
    await page.locator('#form_cancel').waitFor({ state: 'detached' });
  });
});

describe('user platforms (平台配置)', () => {
  it('saves a user\'s platform extension through the row\'s 平台配置, and shows it again', async () => {
    await list.search('account', 'admin');
    const admin = () => list.row('admin').first().locator('[data-action="platform"]');
    await admin().click();
    await page.locator('#user_platform_dialog_title').getByText('用户平台配置').waitFor();
    const ext = `{"e2e":"${Date.now()}"}`;
    await page.locator('#user_platform_userExt').fill(ext);
    await page.locator('#user_platform_dialog_submit').click();
    await dialog.expectText('操作成功');
    await page.locator('#user_platform_dialog').waitFor({ state: 'detached' });
    await admin().click();
    await page.waitForFunction((text) => (document.querySelector('#user_platform_userExt') as HTMLTextAreaElement | null)?.value === text, ext);
    await page.locator('#user_platform_dialog_cancel').click();
  });
});

describe('SMS form', () => {
  it('relabels and hides the vendor fields by category, as Saber does', async () => {
    await page.keyboard.press('Escape');
    const sms = new ListPage(page);
    await sms.openFromMenu('/resource', '/resource/sms');
    await sms.clickAdd();
    await dialog.field('templateId').waitFor();
    expect(await labelOf('templateId')).toContain('模版内容');
    expect(await labelOf('accessKey')).toContain('apiKey');
    expect(await dialog.field('secretKey').count()).toBe(0);
    await page.getByLabel('腾讯云').check();
    await dialog.field('secretKey').waitFor();
    expect(await labelOf('accessKey')).toContain('appId');
    expect(await labelOf('secretKey')).toContain('appKey');
    expect(await labelOf('templateId')).toContain('模版ID');
    await page.getByLabel('阿里云').check();
    await dialog.field('regionId').waitFor();
  });
});

describe('OSS form', () => {
  it('saves the built-in local storage row unchanged, and asks an S3 vendor for its address and bucket', async () => {
    await page.keyboard.press('Escape');
    const oss = new ListPage(page);
    await oss.openFromMenu('/resource', '/resource/oss');
    await oss.rowAction('local', 'edit');
    await dialog.field('ossCode').waitFor();
    expect(await dialog.field('appId').count()).toBe(0);
    await dialog.submit();
    await dialog.expectText('更新成功');
    await oss.clickAdd();
    await dialog.field('ossCode').waitFor();
    await dialog.fill({ ossCode: `e2e${Date.now().toString(36)}` });
    await dialog.submit();
    await dialog.expectText('请输入资源地址');
    await dialog.expectText('请输入空间名');
    await page.getByLabel('本地存储').check();
    await dialog.submit();
    await dialog.expectText('新增成功');
  });

  it('keeps the tenant list\'s own tenant code (a declared field, not a reference)', async () => {
    await page.goto(new URL('/system/tenant/index', page.url()).toString());
    await list.row('管理组').first().getByText('000000', { exact: true }).waitFor();
  });
});

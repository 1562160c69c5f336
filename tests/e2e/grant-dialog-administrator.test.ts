import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';
import { ApiClient } from './support/api.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let menus: Record<string, string>;

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  menus = await admin.menuIds();
  ({ browser, page, list } = await openAdminScreen('/authority', '/authority/role'));
});
afterAll(() => browser?.close());

describe('权限设置 of 超级管理员', () => {
  it('opens with every menu ticked', async () => {
    await list.row('超级管理员').first().locator('[data-action="grant"]').click();
    await page.locator('#role_grant_dialog').waitFor();
    for (const code of ['system', 'param', 'param_add', 'user', 'tenant']) {
      const box = page.locator(`#role_grant_menuIds_${menus[code]}`);
      await box.waitFor({ state: 'attached' });
      expect(await box.isChecked(), code).toBe(true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { openAdminScreen, type AdminScreen } from './support/admin-screen.js';
import { ApiClient } from './support/api.js';

let admin: ApiClient;
let menus: Record<string, string>;
let screen: AdminScreen | undefined;

beforeAll(async () => {
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  menus = await admin.menuIds();
});
afterAll(() => screen?.browser.close());

describe('数据权限 and 接口权限 are a lazy menu list with a drawer of scopes per menu', () => {
  it('adds a data scope to a menu from its drawer, the menu fixed and the fields preset from the type', async () => {
    screen = await openAdminScreen('/authority', '/authority/datascope');
    const { page, list } = screen;
    // Top level only: 系统管理 is there, its child 用户管理 is not loaded yet, and no engine buttons.
    await list.row('系统管理').first().waitFor();
    expect(await list.rows().filter({ hasText: '用户管理' }).count()).toBe(0);
    expect(await page.locator('#toolbar_add').count()).toBe(0);
    expect(await list.rows().first().locator('input[type="checkbox"]').count()).toBe(0);
    await list.row('系统管理').first().getByRole('button', { name: /展开|expand/i }).first().click();
    const userRow = list.row('用户管理').first();
    await userRow.waitFor();
    expect(await userRow.locator('[data-action]').evaluateAll((b) => b.map((x) => x.getAttribute('data-action')))).toEqual(['scope-setting']);

    await userRow.locator('[data-action="scope-setting"]').click();
    expect(await page.locator('#scope_drawer_title').textContent()).toBe('[用户管理] 数据权限配置');
    await page.locator('#scope_toolbar_add').click();
    expect(await page.locator('#root_menuId').count()).toBe(0);
    await page.locator('#root_scopeType').click();
    await page.getByRole('option', { name: '本人可见' }).click();
    expect(await page.locator('#root_scopeName').inputValue()).toBe('用户管理 [本人可见]');
    expect(await page.locator('#root_scopeColumn').inputValue()).toBe('create_user');
    const name = `用户管理 [本人可见] ${Date.now().toString(36)}`;
    await new DialogPage(page).fill({ scopeName: name });
    await new DialogPage(page, 'scope_').submit();
    await new DialogPage(page).expectText('新增成功');
    await new ListPage(page, 'scope_').row(name).first().waitFor();

    const saved = (await admin.get('/blade-system/data-scope/list', { scopeName: name })).records;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ menuId: menus.user, resourceCode: 'user', scopeColumn: 'create_user', scopeType: 2 });
    await page.locator('#scope_drawer_close').click();
  });

  it('lists only the chosen menu\'s API scopes in its drawer', async () => {
    const mine = `notice api ${Date.now().toString(36)}`;
    const other = `user api ${Date.now().toString(36)}`;
    await admin.post('/blade-system/api-scope/submit', { menuId: menus.notice, scopeName: mine, resourceCode: 'notice', scopePath: '/e2e-nowhere/notice', scopeType: 1 });
    await admin.post('/blade-system/api-scope/submit', { menuId: menus.user, scopeName: other, resourceCode: 'user', scopePath: '/e2e-nowhere/user', scopeType: 1 });
    const { page, list } = screen!;
    await list.openFromMenu('/authority', '/authority/apiscope');
    await list.search('name', '通知公告');
    await list.row('通知公告').first().locator('[data-action="scope-setting"]').click();
    expect(await page.locator('#scope_drawer_title').textContent()).toBe('[通知公告] 接口权限配置');
    const scopes = new ListPage(page, 'scope_');
    await scopes.row(mine).first().waitFor();
    expect(await scopes.rows().filter({ hasText: other }).count()).toBe(0);
  });

  it('offers 数据权限 and 接口权限 on menu rows of 菜单管理 only, each opening that menu\'s scopes in the drawer', async () => {
    const mine = `post data ${Date.now().toString(36)}`;
    await admin.post('/blade-system/data-scope/submit', { menuId: menus.post, scopeName: mine, resourceCode: 'post', scopeColumn: 'create_user', scopeType: 2 });
    screen ??= await openAdminScreen('/system', '/system/menu');
    const { page, list } = screen;
    // The test before leaves its drawer open.
    if (await page.locator('#scope_drawer').count()) await page.locator('#scope_drawer_close').click();
    await list.openFromMenu('/system', '/system/menu');
    await list.search('code', 'post');
    const menuRow = list.rows().filter({ has: page.getByText('岗位管理', { exact: true }) }).first();
    await menuRow.waitFor();
    expect(await menuRow.locator('[data-action="data-scope"]').count()).toBe(1);
    expect(await menuRow.locator('[data-action="api-scope"]').count()).toBe(1);
    await menuRow.getByRole('button', { name: /展开|expand/i }).first().click();
    const buttonRow = list.rows().filter({ hasText: 'post_add' }).first();
    await buttonRow.waitFor();
    expect(await buttonRow.locator('[data-action="data-scope"], [data-action="api-scope"]').count()).toBe(0);

    await menuRow.locator('[data-action="data-scope"]').click();
    expect(await page.locator('#scope_drawer_title').textContent()).toBe('[岗位管理] 数据权限配置');
    expect(await page.locator('#scope_drawer').evaluate((e) => Math.round(e.getBoundingClientRect().width))).toBe(1000);
    const scopes = new ListPage(page, 'scope_');
    await scopes.row(mine).first().waitFor();
    expect(await scopes.rows().filter({ hasText: '用户管理 [' }).count()).toBe(0);
    await page.locator('#scope_drawer_close').click();
    await page.locator('#scope_drawer').waitFor({ state: 'detached' });
  });
});

import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';

const suite = withBrowserAndApi();

describe('an x-flow entity\'s screen (报销), from its model alone', () => {
  it('shows the status in words, offers 提交审批 on a draft, and once submitted disables 编辑/删除 and hides 提交审批', async () => {
    const title = `报销 ${Date.now().toString(36)}`;
    await suite.admin.post('/blade-desk/expense/submit', { title, amount: 1200, occurredDate: '2026-11-30', reason: '打车' });
    const page = await newPage(suite.browser);
    await new LoginPage(page).signInAsAdmin();
    const list = new ListPage(page);
    await list.openFromMenu('/work', '/work/expense');
    await list.search('title', title);
    const row = list.row(title).first();
    await row.getByText('草稿', { exact: true }).waitFor();
    expect(await row.locator('[data-action="edit"]').isEnabled()).toBe(true);

    await row.locator('[data-action="submit-approval"]').click();
    await new DialogPage(page).expectText('确定提交审批?');
    await page.locator('#confirm_ok').click();
    await new DialogPage(page).expectText('操作成功');
    await row.getByText('审批中', { exact: true }).waitFor();
    expect(await row.locator('[data-action="edit"]').isDisabled()).toBe(true);
    expect(await row.locator('[data-action="delete"]').isDisabled()).toBe(true);
    expect(await row.locator('[data-action="submit-approval"]').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

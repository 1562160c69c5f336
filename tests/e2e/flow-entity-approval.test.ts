import { describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { newPage } from './support/browser.js';
import { withBrowserAndApi } from './support/browser-and-api.js';
import { ApiClient } from './support/api.js';
import { DEMO_PASSWORD, WorkDesk } from './pages/work-pages.js';

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

  it('the approver opens the claim from 待办 on its own handle page: the fields its schema shows, the history, and 同意 approves the row', async () => {
    const title = `报销审批 ${Date.now().toString(36)}`;
    await suite.admin.post('/blade-desk/expense/submit', { title, amount: 800, occurredDate: '2026-11-29', reason: '客户午餐' });
    const rows = await suite.admin.get<{ records: { id: string; title: string }[] }>('/blade-desk/expense/list', { title });
    const id = rows.records.find((r) => r.title === title)!.id;
    const { processInstanceId } = await suite.admin.post<{ processInstanceId: string }>(`/blade-desk/expense/submit-approval?id=${id}`, {});
    const manager = await ApiClient.signIn({ username: 'manager', password: DEMO_PASSWORD });
    const offers = await manager.get<{ records: { taskId: string; processInstanceId: string }[] }>('/blade-flow/work/claim-list', { size: '100' });
    await manager.post(`/blade-flow/work/claim-task?taskId=${offers.records.find((r) => r.processInstanceId === processInstanceId)!.taskId}`, {});

    const desk = await WorkDesk.signIn(suite.browser, 'manager');
    await desk.openWork('todo');
    await desk.firstRowAction('handle');
    await desk.page.waitForURL(`**/work/process/expense/handle/**/${processInstanceId}/${id}`);
    expect(await desk.page.locator('#approval_title').inputValue()).toBe(title);
    expect(await desk.page.locator('#approval_amount').inputValue()).toBe('800.00 元');
    await desk.page.locator('#leave_history').getByText('部门经理审批').first().waitFor();
    await desk.page.locator('#approval_comment').fill('可以');
    await desk.page.locator('#approval_agree').click();
    await desk.page.waitForURL('**/work/todo/index');
    await desk.close();
    const row = await suite.admin.get<{ flowStatus: string }>('/blade-desk/expense/detail', { id });
    expect(row.flowStatus).toBe('completed');
  }, 120_000);

  it('发起 on the expense process in 发起事务 opens the entity\'s own form: its messages on bad values, then 提交审批 saves the row and starts its approval', async () => {
    const title = `发起报销 ${Date.now().toString(36)}`;
    const desk = await WorkDesk.signIn(suite.browser);
    await desk.openWork('start');
    const row = desk.rows().filter({ has: desk.page.getByRole('cell', { name: 'expense', exact: true }) }).first();
    await row.locator('[data-action="start"]').click();
    await desk.page.waitForURL('**/work/process/expense/form/expense:**');
    await desk.page.locator('#approval_start').click();
    await desk.expectText('请输入报销标题');
    await desk.page.locator('#approval_occurredDate').fill('2026-11-28');
    await desk.page.locator('#approval_title').fill(title);
    await desk.page.locator('#approval_amount').fill('-5');
    await desk.page.locator('#approval_start').click();
    await desk.expectText('报销金额必须大于 0');
    await desk.page.locator('#approval_amount').fill('66');
    await desk.page.locator('#approval_start').click();
    await desk.page.waitForURL('**/work/send/index');
    await desk.close();
    const rows = await suite.admin.get<{ records: { title: string; flowStatus: string }[] }>('/blade-desk/expense/list', { title });
    expect(rows.records.map((r) => [r.title, r.flowStatus])).toEqual([[title, 'running']]);
  }, 120_000);
});

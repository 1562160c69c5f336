import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { baseUrl, launchBrowser } from './support/browser.js';
import { WorkDesk } from './pages/work-pages.js';

/** 转办 from the handle page: the approver hands the leave to HR, who then holds it in 待办. The request is filed over HTTP and its handle page opened by its ids, so other files' tasks never stand in the way. */
describe('转办 in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the approver picks HR in 转办 with a reason; the task leaves the approver\'s 待办 and is in HR\'s', async () => {
    const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const users = await admin.get<{ id: string; account: string }[]>('/blade-user/user-list');
    const defs = await admin.get<{ records: { id: string; key: string }[] }>('/blade-flow/work/start-list', { mode: '1' });
    const leave = await admin.post<{ id: string; processInstanceId: string }>('/blade-desk/process/leave/start-process', {
      processDefinitionId: defs.records.find((d) => d.key === 'Leave')!.id, taskUser: users.find((u) => u.account === 'boss')!.id,
      startTime: '2031-05-06 09:00:00', endTime: '2031-05-06 17:00:00', reason: `转办 ${Date.now()}`,
    });
    const todoOf = async (account: string) => {
      const api = await ApiClient.signIn({ username: account, password: '123456' });
      const list = await api.get<{ records: { taskId: string; processInstanceId: string }[] }>('/blade-flow/work/todo-list', { size: '100' });
      return list.records.find((r) => r.processInstanceId === leave.processInstanceId);
    };
    const task = (await todoOf('boss'))!;

    const boss = await WorkDesk.signIn(browser, 'boss');
    await boss.page.goto(`${baseUrl()}/work/process/leave/handle/${task.taskId}/${leave.processInstanceId}/${leave.id}`);
    await boss.page.locator('#leave_transfer').click();
    await boss.page.locator('#flow_transfer_submit').click();
    await boss.expectText('请选择转办给谁');
    await boss.pick('flow_transfer_user', '[data-account="hr"]');
    await boss.page.locator('#flow_transfer_comment').fill('请人事先看');
    await boss.page.locator('#flow_transfer_submit').click();
    await boss.expectText('已转办');
    await boss.page.waitForURL('**/work/todo/index');
    await boss.close();

    expect(await todoOf('boss')).toBeUndefined();
    expect(await todoOf('hr')).toMatchObject({ taskId: task.taskId });
  });
});

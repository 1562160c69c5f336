import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { baseUrl, launchBrowser } from './support/browser.js';
import { DEMO_PASSWORD, WorkDesk } from './pages/work-pages.js';

/*
 * 委派, 驳回 to the first step, 撤回, 催办, 抄送 from the handle and detail pages, and an x-flow
 * request's own handle page. Each request is filed over HTTP and its pages opened by their
 * ids, so other files' tasks never stand in the way.
 */
interface Task { taskId: string; processInstanceId: string; taskDefinitionKey: string; readTime?: string }

const as = (account: string) => ApiClient.signIn({ username: account, password: DEMO_PASSWORD });

async function listOf(account: string, list: string, instanceId: string): Promise<Task | undefined> {
  const api = await as(account);
  const page = await api.get<{ records: Task[] }>(`/blade-flow/work/${list}-list`, { size: '100' });
  return page.records.find((r) => r.processInstanceId === instanceId);
}

/** A leave for the manager to approve first (then HR, a role that claims). */
async function fileLeave(reason: string): Promise<{ id: string; processInstanceId: string }> {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const users = await admin.get<{ id: string; account: string }[]>('/blade-user/user-list');
  const defs = await admin.get<{ records: { id: string; key: string }[] }>('/blade-flow/work/start-list', { mode: '1' });
  return admin.post('/blade-desk/process/leave/start-process', {
    processDefinitionId: defs.records.find((d) => d.key === 'Leave')!.id, taskUser: users.find((u) => u.account === 'manager')!.id,
    startTime: '2031-06-02 09:00:00', endTime: '2031-06-02 17:00:00', reason: `${reason} ${Date.now()}`,
  });
}

async function approveAsManager(instanceId: string): Promise<void> {
  const task = (await listOf('manager', 'todo', instanceId))!;
  await (await as('manager')).post('/blade-flow/work/complete-task', { taskId: task.taskId, flag: 'ok', comment: '同意' });
}

const handlePath = (leave: { id: string; processInstanceId: string }, taskId: string) => `${baseUrl()}/work/process/leave/handle/${taskId}/${leave.processInstanceId}/${leave.id}`;
const detailPath = (leave: { id: string; processInstanceId: string }) => `${baseUrl()}/work/process/leave/detail/${leave.processInstanceId}/${leave.id}`;

describe('the approval actions in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('委派: the manager asks the boss, who sees it as delegated and can only hand it back; it returns to the manager', async () => {
    const leave = await fileLeave('委派');
    const task = (await listOf('manager', 'todo', leave.processInstanceId))!;
    const manager = await WorkDesk.signIn(browser, 'manager');
    await manager.page.goto(handlePath(leave, task.taskId));
    await manager.page.locator('#leave_delegate').click();
    await manager.page.locator('#flow_delegate_user').click();
    await manager.page.locator('li[data-account="boss"]').waitFor();
    expect(await manager.page.locator('li[data-account="manager"]').count(), 'the caller is not offered').toBe(0);
    await manager.page.locator('li[data-account="boss"]').click();
    await manager.page.locator('#flow_delegate_comment').fill('请帮我看看');
    await manager.page.locator('#flow_delegate_submit').click();
    await manager.expectText('已委派');
    await manager.page.waitForURL('**/work/todo/index');
    await manager.close();

    const boss = await WorkDesk.signIn(browser, 'boss');
    await boss.openWork('todo');
    await boss.page.locator(`[data-delegation="pending"]`).first().waitFor();
    await boss.page.goto(handlePath(leave, task.taskId));
    await boss.page.locator('#leave_resolve').waitFor();
    expect(await boss.page.locator('#leave_agree').count()).toBe(0);
    await boss.page.locator('#leave_comment').fill('没问题');
    await boss.page.locator('#leave_resolve').click();
    await boss.expectText('已完成委派');
    await boss.close();
    expect(await listOf('manager', 'todo', leave.processInstanceId)).toMatchObject({ taskId: task.taskId });
  });

  it('驳回至: HR sends the request back to the first step, chosen from its history; it is the manager\'s again', async () => {
    const leave = await fileLeave('驳回');
    await approveAsManager(leave.processInstanceId);
    const offer = (await listOf('hr', 'claim', leave.processInstanceId))!;
    await (await as('hr')).post('/blade-flow/work/claim-task', { taskId: offer.taskId });
    const hr = await WorkDesk.signIn(browser, 'hr');
    await hr.page.goto(handlePath(leave, offer.taskId));
    await hr.page.locator('#leave_comment').fill('材料不全');
    await hr.page.locator('#leave_back').click();
    await hr.page.locator('#flow_back_submit').click();
    await hr.expectText('请选择驳回到哪个节点');
    await hr.pick('flow_back_node', '[data-node="approverTask"]');
    await hr.page.locator('#flow_back_submit').click();
    await hr.expectText('已驳回到「审批人审批」');
    await hr.close();
    expect(await listOf('manager', 'todo', leave.processInstanceId)).toMatchObject({ taskDefinitionKey: 'approverTask' });
  });

  it('撤回 and 催办 on the detail page: the starter reminds the manager; the manager, having approved, takes the step back', async () => {
    const leave = await fileLeave('撤回');
    const admin = await WorkDesk.signIn(browser);
    await admin.page.goto(detailPath(leave));
    await admin.page.locator('#leave_urge').click();
    await admin.expectText('已催办');
    await admin.page.locator('#leave_urge').waitFor({ state: 'detached' });
    await admin.close();

    const manager = await WorkDesk.signIn(browser, 'manager');
    await manager.openWork('todo');
    await manager.page.locator('[data-urged]').first().waitFor();
    await approveAsManager(leave.processInstanceId);
    await manager.page.goto(detailPath(leave));
    await manager.page.locator('#leave_withdraw').click();
    await manager.page.locator('#confirm_ok').click();
    await manager.expectText('已撤回');
    await manager.close();
    expect(await listOf('manager', 'todo', leave.processInstanceId)).toMatchObject({ taskDefinitionKey: 'approverTask' });
    expect(await listOf('hr', 'claim', leave.processInstanceId)).toBeUndefined();
  });

  it('抄送: the manager copies HR and the boss; the boss finds it unread in 抄送我的, opens it, and it is read', async () => {
    const leave = await fileLeave('抄送');
    const task = (await listOf('manager', 'todo', leave.processInstanceId))!;
    const manager = await WorkDesk.signIn(browser, 'manager');
    await manager.page.goto(handlePath(leave, task.taskId));
    await manager.page.locator('#leave_copy').click();
    await manager.page.locator('#flow_copy_user').click();
    await manager.page.locator('li[data-account="hr"]').click();
    await manager.page.locator('li[data-account="boss"]').click();
    await manager.page.keyboard.press('Escape');
    await manager.page.locator('#flow_copy_submit').click();
    await manager.expectText('已抄送 2 人');
    await manager.close();

    const boss = await WorkDesk.signIn(browser, 'boss');
    await boss.list.openFromMenu('/work', '/work/copy');
    // Newest first: the copy just made.
    await boss.rows().first().locator('[data-read="no"]').waitFor();
    await boss.firstRowAction('detail');
    await boss.page.waitForURL(`**/work/process/leave/detail/${leave.processInstanceId}/${leave.id}`);
    await boss.page.locator('#leave_history').waitFor();
    await boss.close();
    expect((await listOf('boss', 'copy', leave.processInstanceId))?.readTime).not.toBe('');
  });
});

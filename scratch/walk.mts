import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, baseUrl } from '../tests/e2e/support/browser.ts';
import setup from '../tests/e2e/support/global-setup.ts';
import { ApiClient } from '../tests/e2e/support/api.ts';
import { LoginPage } from '../tests/e2e/pages/login-page.ts';

const teardown = await setup();
const browser: Browser = await launchBrowser();
const as = (u: string) => ApiClient.signIn({ username: u, password: '123456' });
try {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const users = await admin.get<any[]>('/blade-user/user-list');
  const defs = await admin.get<any>('/blade-flow/work/start-list', { mode: '1' });
  const leave = await admin.post<any>('/blade-desk/process/leave/start-process', { processDefinitionId: defs.records.find((d: any) => d.key === 'Leave').id, taskUser: users.find((u) => u.account === 'manager').id, startTime: '2031-06-02 09:00:00', endTime: '2031-06-05 17:00:00', reason: '家中有事' });
  const manager = await as('manager');
  const todo = (await manager.get<any>('/blade-flow/work/todo-list')).records.find((r: any) => r.processInstanceId === leave.processInstanceId);
  await manager.post('/blade-flow/work/copy-task', { taskId: todo.taskId, userIds: [users.find((u) => u.account === 'boss').id], comment: '知悉' });
  await admin.post('/blade-flow/work/urge-task', { processInstanceId: leave.processInstanceId });
  await admin.post('/blade-desk/expense/submit', { title: '差旅报销', amount: 8800, occurredDate: '2026-11-29', reason: '上海出差' });
  const ex = (await admin.get<any>('/blade-desk/expense/list', { title: '差旅报销' })).records[0];
  const { processInstanceId: exInst } = await admin.post<any>(`/blade-desk/expense/submit-approval?id=${ex.id}`, {});
  const offers = await manager.get<any>('/blade-flow/work/claim-list');
  const exTask = offers.records.find((r: any) => r.processInstanceId === exInst);
  await manager.post(`/blade-flow/work/claim-task?taskId=${exTask.taskId}`, {});
  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1440, 768]) {
      const shot = async (account: string, path: string, name: string, act?: (p: any) => Promise<void>) => {
        const page = await newPage(browser, lang);
        await page.setViewportSize({ width, height: 1000 });
        const login = new LoginPage(page);
        await login.open();
        await login.signIn({ username: account, password: account === 'admin' ? process.env.ATRIUM_E2E_PASSWORD! : '123456' });
        await page.waitForURL('**/wel/index');
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForTimeout(1500);
        const close = page.locator('[id$="_close"]').first();
        if (await close.count()) await close.scrollIntoViewIfNeeded();
        if (act) await act(page);
        await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${width}.png`, fullPage: false });
        await page.context().close();
      };
      await shot('manager', `/work/process/leave/handle/${todo.taskId}/${leave.processInstanceId}/${leave.id}`, 'leave-handle');
      await shot('manager', `/work/todo/index`, 'todo');
      await shot('boss', `/work/copy/index`, 'copy');
      await shot('admin', `/work/process/leave/detail/${leave.processInstanceId}/${leave.id}`, 'leave-detail');
      await shot('manager', `/work/process/expense/handle/${exTask.taskId}/${exInst}/${ex.id}`, 'expense-handle');
      await shot('manager', `/work/process/leave/handle/${todo.taskId}/${leave.processInstanceId}/${leave.id}`, 'copy-dialog', async (p) => { await p.locator('#leave_copy').click(); await p.waitForTimeout(500); });
    }
  }
} finally {
  await browser.close();
  await teardown();
}

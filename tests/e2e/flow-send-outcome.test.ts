import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { withBrowserAndApi } from './support/browser-and-api.js';
import { signedInPage } from './support/session.js';
import { DEMO_PASSWORD } from './pages/work-pages.js';
import { ListPage } from './pages/list-page.js';

// 已发事务 tells how each request ended. The three leaves are run over HTTP (flow-leave.test.ts
// runs them through the screens); the list is read in the browser, newest first, in zh and en.
const suite = withBrowserAndApi();

async function fileLeave(admin: ApiClient, approverId: string): Promise<string> {
  const definitions = await admin.get<{ records: { id: string; key: string }[] }>('/blade-flow/work/start-list', { mode: '1' });
  const processDefinitionId = definitions.records.find((d) => d.key === 'Leave')!.id;
  const started = await admin.post<{ processInstanceId: string }>('/blade-desk/process/leave/start-process', {
    processDefinitionId, taskUser: approverId, startTime: '2031-03-03 09:00:00', endTime: '2031-03-04 09:00:00', reason: '结果测试',
  });
  return started.processInstanceId;
}

async function openTask(who: ApiClient, list: 'todo' | 'claim', instanceId: string): Promise<string> {
  const page = await who.get<{ records: { taskId: string; processInstanceId: string }[] }>(`/blade-flow/work/${list}-list`);
  return page.records.find((r) => r.processInstanceId === instanceId)!.taskId;
}

describe('已发事务 shows how a request ended', () => {
  it('answers 通过 / 驳回 / 撤回 (Approved / Rejected / Withdrawn) for ended requests and the current step of a running one', async () => {
    const { admin } = suite;
    const [manager, hr] = await Promise.all(['manager', 'hr'].map((username) => ApiClient.signIn({ username, password: DEMO_PASSWORD })));
    const users = await admin.get<{ id: string; account: string }[]>('/blade-user/user-list');
    const managerId = String(users.find((u) => u.account === 'manager')!.id);

    const approved = await fileLeave(admin, managerId);
    await manager.post('/blade-flow/work/complete-task', { taskId: await openTask(manager, 'todo', approved), flag: 'ok' });
    const hrTask = await openTask(hr, 'claim', approved);
    await hr.post(`/blade-flow/work/claim-task?taskId=${hrTask}`, {});
    await hr.post('/blade-flow/work/complete-task', { taskId: hrTask, flag: 'ok' });
    const rejected = await fileLeave(admin, managerId);
    await manager.post('/blade-flow/work/complete-task', { taskId: await openTask(manager, 'todo', rejected), flag: '', comment: '不行' });
    const withdrawn = await fileLeave(admin, managerId);
    await manager.post(`/blade-flow/work/delete-task?taskId=${await openTask(manager, 'todo', withdrawn)}&reason=${encodeURIComponent('撤销')}`, {});
    await fileLeave(admin, managerId);

    for (const [lang, texts] of [
      ['zh', { running: '审批人审批', outcomes: ['撤回', '驳回', '通过'], header: '审批结果' }],
      ['en', { running: '审批人审批', outcomes: ['Withdrawn', 'Rejected', 'Approved'], header: 'Outcome' }],
    ] as const) {
      const page = await signedInPage(suite.browser, lang);
      const list = new ListPage(page);
      await list.openFromMenu('/work', '/work/send');
      await page.getByRole('columnheader', { name: texts.header }).waitFor();
      const rows = list.rows();
      await expect.poll(() => rows.nth(0).innerText()).toContain(texts.running);
      expect(await rows.nth(0).locator('[data-outcome]').count()).toBe(0);
      for (const [i, outcome] of texts.outcomes.entries()) {
        await expect.poll(() => rows.nth(i + 1).locator('[data-outcome]').innerText()).toBe(outcome);
      }
      await page.context().close();
    }
  }, 120_000);
});

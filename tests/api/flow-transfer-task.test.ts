import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';

/** 转办: the assignee hands an open leave task to another user of the tenant, through POST /blade-flow/work/transfer-task. */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const userIds: Record<string, string> = {};

const get = (who: string, url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url, headers: headers[who], query });
const post = (who: string, url: string, payload: unknown, lang?: string) =>
  t.call({ method: 'POST', url, headers: lang ? { ...headers[who], 'accept-language': lang } : headers[who], payload } as any);

async function fileLeave(): Promise<string> {
  const defs = (await get('admin', '/api/blade-flow/work/start-list', { mode: '1' })).body.data.records;
  const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
    processDefinitionId: defs.find((r: any) => r.key === 'Leave').id, taskUser: userIds.manager, startTime: '2026-02-02 09:00:00', endTime: '2026-02-02 17:00:00', reason: '看病',
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.processInstanceId;
}

async function todoOf(who: string, instanceId: string) {
  return (await get(who, '/api/blade-flow/work/todo-list', { size: '100' })).body.data.records.find((r: any) => r.processInstanceId === instanceId);
}

const transfer = (who: string, body: Record<string, string>, lang?: string) => post(who, '/api/blade-flow/work/transfer-task', body, lang);

beforeAll(async () => {
  let a: Record<string, string>;
  let b: Record<string, string>;
  ({ t, a, b } = await startTwoTenants());
  headers.admin = a;
  headers.otherTenant = b;
  for (const who of ['hr', 'manager', 'boss']) headers[who] = await t.login({ username: who, password: '123456' });
  for (const u of await t.services.system.database.db.selectFrom('blade_user').select(['id', 'account', 'tenant_id']).execute()) {
    userIds[u.tenant_id === TENANT_B ? `b:${u.account}` : u.account] = String(u.id);
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('转办 (transfer-task)', () => {
  it('moves the task to the chosen user\'s 待办, out of the assignee\'s, and the history says who handed it on and why', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    const res = await transfer('manager', { taskId: task.taskId, userId: userIds.boss, comment: '出差中,请老板处理' });
    expect(res.body).toMatchObject({ success: true, msg: '已转办' });
    expect(await todoOf('manager', instanceId)).toBeUndefined();
    expect(await todoOf('boss', instanceId)).toMatchObject({ taskId: task.taskId, taskName: task.taskName });
    expect((await post('boss', '/api/blade-flow/work/complete-task', { taskId: task.taskId, flag: 'ok', comment: '同意' })).body.success).toBe(true);
    const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data
      .filter((s: any) => s.taskId === task.taskId);
    expect(steps.map((s: any) => [s.assignee, s.flag, s.comment])).toEqual([[userIds.manager, 'transfer', '出差中,请老板处理'], [userIds.boss, 'ok', '同意']]);
  });

  it('refuses, in the caller\'s language and changing nothing: to oneself, to a user of another tenant, by someone who does not hold the task, a finished task', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await transfer('manager', { taskId: task.taskId, userId: userIds.manager })).body.msg).toBe('不能转办给自己');
    expect((await transfer('manager', { taskId: task.taskId, userId: userIds.manager }, 'en')).body.msg).toBe('you cannot transfer a task to yourself');
    expect((await transfer('manager', { taskId: task.taskId, userId: userIds['b:admin'] })).body.msg).toBe('审批人员不存在');
    expect((await transfer('hr', { taskId: task.taskId, userId: userIds.boss })).body.msg).toBe('该任务不属于您');
    expect((await transfer('otherTenant', { taskId: task.taskId, userId: userIds['b:admin'] })).body.success).toBe(false);
    expect((await transfer('manager', { taskId: 'abc', userId: userIds.boss })).body.success).toBe(false);
    expect(await todoOf('manager', instanceId)).toMatchObject({ taskId: task.taskId });
    expect((await post('manager', '/api/blade-flow/work/complete-task', { taskId: task.taskId, flag: 'ok' })).body.success).toBe(true);
    expect((await transfer('manager', { taskId: task.taskId, userId: userIds.boss })).body.msg).toBe('任务已被办理,请刷新后重试');
  });

  it('of a transfer and a complete of the same task sent at once, exactly one takes effect', async () => {
    for (let round = 0; round < 4; round++) {
      const instanceId = await fileLeave();
      const task = await todoOf('manager', instanceId);
      const [moved, completed] = await Promise.all([
        transfer('manager', { taskId: task.taskId, userId: userIds.boss }),
        post('manager', '/api/blade-flow/work/complete-task', { taskId: task.taskId, flag: 'ok' }),
      ]);
      expect([moved.body.success, completed.body.success].filter(Boolean), JSON.stringify([moved.body, completed.body])).toHaveLength(1);
      const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data.filter((s: any) => s.taskId === task.taskId);
      if (moved.body.success) expect(await todoOf('boss', instanceId)).toMatchObject({ taskId: task.taskId });
      else expect(steps.map((s: any) => s.flag)).toEqual(['ok']);
    }
  });
});

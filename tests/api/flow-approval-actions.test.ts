import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';

/*
 * 委派, 驳回 to an earlier step, 撤回, 抄送, 催办 on the seeded leave process (审批人 manager →
 * 人事 hr, a candidate role that claims → 老板 boss when over 3 days), through the HTTP API.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const userIds: Record<string, string> = {};

const get = (who: string, url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url, headers: headers[who], query });
const post = (who: string, url: string, payload: unknown, lang?: string) =>
  t.call({ method: 'POST', url, headers: lang ? { ...headers[who], 'accept-language': lang } : headers[who], payload } as any);
const work = (name: string) => `/api/blade-flow/work/${name}`;

async function fileLeave({ days = 1 }: { days?: number } = {}): Promise<string> {
  const defs = (await get('admin', work('start-list'), { mode: '1' })).body.data.records;
  const end = days > 1 ? `2026-02-${String(1 + days).padStart(2, '0')} 17:00:00` : '2026-02-02 17:00:00';
  const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
    processDefinitionId: defs.find((r: any) => r.key === 'Leave').id, taskUser: userIds.manager, startTime: '2026-02-02 09:00:00', endTime: end, reason: '看病',
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.processInstanceId;
}

async function listOf(who: string, list: string, instanceId: string) {
  return (await get(who, work(`${list}-list`), { size: '100' })).body.data.records.find((r: any) => r.processInstanceId === instanceId);
}
const todoOf = (who: string, instanceId: string) => listOf(who, 'todo', instanceId);
const complete = (who: string, taskId: string, flag = 'ok') => post(who, work('complete-task'), { taskId, flag, comment: flag === 'ok' ? '同意' : '不同意' });
const steps = async (instanceId: string) => (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data;
const actionsOf = async (who: string, query: Record<string, string>) => (await get(who, work('task-actions'), query)).body.data;

/** The leave past its first step: the manager approved, and 人事审批 waits for hr to claim it. */
async function atHr(): Promise<{ instanceId: string; approverTask: string }> {
  const instanceId = await fileLeave();
  const task = await todoOf('manager', instanceId);
  expect((await complete('manager', task.taskId)).body.success).toBe(true);
  return { instanceId, approverTask: task.taskId };
}

async function claimHr(instanceId: string): Promise<string> {
  const offer = await listOf('hr', 'claim', instanceId);
  expect((await post('hr', work('claim-task'), { taskId: offer.taskId })).body.success).toBe(true);
  return offer.taskId;
}

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

describe('委派 (delegate-task, resolve-task)', () => {
  it('sends the task to the delegate, who may only hand it back; then the owner completes it, and the history shows each hand', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await post('manager', work('delegate-task'), { taskId: task.taskId, userId: userIds.boss, comment: '请帮我看看' })).body)
      .toMatchObject({ success: true, msg: '已委派,对方完成后任务将交回给您' });
    expect(await todoOf('manager', instanceId)).toBeUndefined();
    expect(await todoOf('boss', instanceId)).toMatchObject({ taskId: task.taskId, delegation: 'pending' });
    expect(await actionsOf('boss', { processInstanceId: instanceId, taskId: task.taskId })).toEqual(['resolve']);
    expect((await complete('boss', task.taskId)).body.msg).toBe('该任务已委派给他人,或是他人委派给您的:请先完成委派');
    expect((await post('boss', work('transfer-task'), { taskId: task.taskId, userId: userIds.hr })).body.success).toBe(false);
    expect((await post('manager', work('resolve-task'), { taskId: task.taskId })).body.msg).toBe('该任务不属于您');
    expect((await post('boss', work('resolve-task'), { taskId: task.taskId, comment: '没问题' })).body).toMatchObject({ success: true, msg: '已完成委派,任务已交回委派人' });
    expect(await todoOf('boss', instanceId)).toBeUndefined();
    expect(await todoOf('manager', instanceId)).toMatchObject({ taskId: task.taskId, delegation: 'resolved' });
    expect((await post('boss', work('resolve-task'), { taskId: task.taskId })).body.success).toBe(false);
    expect((await complete('manager', task.taskId)).body.success).toBe(true);
    const mine = (await steps(instanceId)).filter((s: any) => s.taskId === task.taskId);
    expect(mine.map((s: any) => [s.assignee, s.flag, s.comment])).toEqual([
      [userIds.manager, 'delegate', '请帮我看看'], [userIds.boss, 'resolve', '没问题'], [userIds.manager, 'ok', '同意'],
    ]);
  });

  it('refuses to delegate to oneself, to another tenant\'s user or a task not one\'s own, in the caller\'s language', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await post('manager', work('delegate-task'), { taskId: task.taskId, userId: userIds.manager })).body.msg).toBe('不能委派给自己');
    expect((await post('manager', work('delegate-task'), { taskId: task.taskId, userId: userIds.manager }, 'en')).body.msg).toBe('you cannot delegate a task to yourself');
    expect((await post('manager', work('delegate-task'), { taskId: task.taskId, userId: userIds['b:admin'] })).body.msg).toBe('审批人员不存在');
    expect((await post('hr', work('delegate-task'), { taskId: task.taskId, userId: userIds.boss })).body.msg).toBe('该任务不属于您');
    expect(await todoOf('manager', instanceId)).toMatchObject({ taskId: task.taskId, delegation: '' });
  });
});

describe('驳回 to an earlier step (back-nodes, back-task)', () => {
  it('lists the steps already passed and sends the request back to the one chosen, to whoever handled it', async () => {
    const { instanceId, approverTask } = await atHr();
    const hrTask = await claimHr(instanceId);
    const nodes = (await get('hr', work('back-nodes'), { taskId: hrTask })).body.data;
    expect(nodes).toEqual([{ nodeId: 'approverTask', nodeName: '审批人审批', assignee: userIds.manager, assigneeName: expect.any(String) }]);
    expect(await actionsOf('hr', { processInstanceId: instanceId, taskId: hrTask })).toContain('back');
    expect((await post('hr', work('back-task'), { taskId: hrTask, nodeId: 'bossTask' })).body.msg).toBe('只能驳回到本流程已办理过的前序节点: bossTask');
    expect((await post('manager', work('back-task'), { taskId: hrTask, nodeId: 'approverTask' })).body.msg).toBe('该任务不属于您');
    const res = await post('hr', work('back-task'), { taskId: hrTask, nodeId: 'approverTask', comment: '材料不全' });
    expect(res.body).toMatchObject({ success: true, msg: '已驳回到「审批人审批」' });
    expect(await todoOf('hr', instanceId)).toBeUndefined();
    const again = await todoOf('manager', instanceId);
    expect(again).toMatchObject({ taskName: '审批人审批', taskDefinitionKey: 'approverTask' });
    expect(again.taskId).not.toBe(approverTask);
    const hrStep = (await steps(instanceId)).find((s: any) => s.taskId === hrTask);
    expect(hrStep).toMatchObject({ flag: 'back', comment: '材料不全', assignee: userIds.hr });
    // The process goes on from there as before.
    expect((await complete('manager', again.taskId)).body.success).toBe(true);
    const hrAgain = await claimHr(instanceId);
    expect((await complete('hr', hrAgain)).body.success).toBe(true);
    expect(await listOf('admin', 'send', instanceId)).toMatchObject({ processIsFinished: true, processOutcome: 'approved' });
  });

  it('has nothing to go back to on the first step', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await get('manager', work('back-nodes'), { taskId: task.taskId })).body.data).toEqual([]);
    expect(await actionsOf('manager', { processInstanceId: instanceId, taskId: task.taskId })).not.toContain('back');
  });
});

describe('撤回 (withdraw-task)', () => {
  it('lets the last handler take their step back while the next one is unclaimed', async () => {
    const { instanceId } = await atHr();
    expect(await actionsOf('manager', { processInstanceId: instanceId })).toContain('withdraw');
    expect((await post('manager', work('withdraw-task'), { processInstanceId: instanceId, comment: '再看看' })).body).toMatchObject({ success: true, msg: '已撤回' });
    expect(await listOf('hr', 'claim', instanceId)).toBeUndefined();
    expect(await todoOf('manager', instanceId)).toMatchObject({ taskDefinitionKey: 'approverTask' });
    expect((await steps(instanceId)).filter((s: any) => s.flag === 'withdraw').map((s: any) => s.historyActivityId)).toEqual(['hrTask']);
  });

  it('refuses once the next step is claimed, and to anyone else', async () => {
    const { instanceId } = await atHr();
    expect((await post('boss', work('withdraw-task'), { processInstanceId: instanceId })).body.success).toBe(false);
    expect((await post('admin', work('withdraw-task'), { processInstanceId: instanceId })).body.msg).toBe('只有发起人(尚无人办理时)或上一步的办理人可以撤回');
    await claimHr(instanceId);
    expect(await actionsOf('manager', { processInstanceId: instanceId })).not.toContain('withdraw');
    expect((await post('manager', work('withdraw-task'), { processInstanceId: instanceId })).body.msg).toBe('下一步已被签收、委派、转办或办理,不能撤回');
    expect((await post('manager', work('withdraw-task'), { processInstanceId: instanceId }, 'en')).body.msg).toBe('the next step was claimed, delegated, transferred or handled: it can no longer be withdrawn');
  });

  it('lets the starter end the request before anyone acted: it shows as withdrawn and leaves every list of work', async () => {
    const instanceId = await fileLeave();
    expect(await actionsOf('admin', { processInstanceId: instanceId })).toEqual(expect.arrayContaining(['withdraw', 'urge']));
    expect((await post('admin', work('withdraw-task'), { processInstanceId: instanceId, comment: '不请了' })).body.success).toBe(true);
    expect(await todoOf('manager', instanceId)).toBeUndefined();
    expect(await listOf('admin', 'send', instanceId)).toMatchObject({ processIsFinished: true, processOutcome: 'withdrawn' });
    expect((await post('admin', work('withdraw-task'), { processInstanceId: instanceId })).body.msg).toBe('流程已结束');
  });

  it('of a claim of the next step and its withdrawal sent at once, exactly one takes effect', async () => {
    for (let round = 0; round < 4; round++) {
      const { instanceId } = await atHr();
      const offer = await listOf('hr', 'claim', instanceId);
      const [claimed, withdrawn] = await Promise.all([
        post('hr', work('claim-task'), { taskId: offer.taskId }),
        post('manager', work('withdraw-task'), { processInstanceId: instanceId }),
      ]);
      expect([claimed.body.success, withdrawn.body.success].filter(Boolean), JSON.stringify([claimed.body, withdrawn.body])).toHaveLength(1);
      const open = (await steps(instanceId)).filter((s: any) => !s.endTime);
      expect(open).toHaveLength(1);
      expect(open[0].historyActivityId).toBe(claimed.body.success ? 'hrTask' : 'approverTask');
    }
  });
});

describe('抄送 (copy-task, copy-list, read-copy)', () => {
  it('puts the request in each copied user\'s 抄送我的, lets them read it, marks it read, and copies nobody twice', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await get('boss', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.success).toBe(false);
    const res = await post('manager', work('copy-task'), { taskId: task.taskId, userIds: `${userIds.boss},${userIds.hr}`, comment: '知悉' });
    expect(res.body).toMatchObject({ success: true, msg: '已抄送 2 人' });
    const copy = await listOf('boss', 'copy', instanceId);
    expect(copy).toMatchObject({ taskName: '审批人审批', readTime: '', copyComment: '知悉', processDefinitionName: '请假流程' });
    expect(copy.fromUserName).not.toBe('');
    expect((await get('boss', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.success).toBe(true);
    expect((await post('boss', work('read-copy'), { processInstanceId: instanceId })).body.success).toBe(true);
    expect((await listOf('boss', 'copy', instanceId)).readTime).not.toBe('');
    expect((await post('manager', work('copy-task'), { taskId: task.taskId, userIds: [userIds.boss] })).body.success).toBe(true);
    const copies = (await get('boss', work('copy-list'), { size: '100' })).body.data.records.filter((r: any) => r.processInstanceId === instanceId);
    expect(copies).toHaveLength(1);
    expect((await steps(instanceId)).filter((s: any) => s.flag === 'copy')).toHaveLength(2);
    // Copied, not a handler: nothing to do with the task.
    expect(await actionsOf('boss', { processInstanceId: instanceId, taskId: task.taskId })).toEqual([]);
  });

  it('refuses no one to copy, another tenant\'s user, and a task not one\'s own', async () => {
    const instanceId = await fileLeave();
    const task = await todoOf('manager', instanceId);
    expect((await post('manager', work('copy-task'), { taskId: task.taskId, userIds: userIds['b:admin'] })).body.msg).toBe('抄送人员不存在');
    expect((await post('manager', work('copy-task'), { taskId: task.taskId, userIds: userIds.manager })).body.msg).toBe('请选择抄送人员');
    expect((await post('hr', work('copy-task'), { taskId: task.taskId, userIds: userIds.boss })).body.msg).toBe('该任务不属于您');
    expect((await post('otherTenant', work('copy-task'), { taskId: task.taskId, userIds: userIds['b:admin'] })).body.success).toBe(false);
    expect(await listOf('boss', 'copy', instanceId)).toBeUndefined();
  });
});

describe('催办 (urge-task)', () => {
  it('reminds the current handlers (their 待办 shows it), once per 5 minutes, by the starter only', async () => {
    const instanceId = await fileLeave();
    expect((await todoOf('manager', instanceId)).urgeTime).toBe('');
    expect((await post('manager', work('urge-task'), { processInstanceId: instanceId })).body.msg).toBe('只有发起人可以催办');
    const [first, second] = await Promise.all([
      post('admin', work('urge-task'), { processInstanceId: instanceId }),
      post('admin', work('urge-task'), { processInstanceId: instanceId }),
    ]);
    expect([first.body.success, second.body.success].filter(Boolean)).toHaveLength(1);
    expect([first.body.msg, second.body.msg]).toContain('5 分钟内只能催办一次,请稍后再试');
    expect((await todoOf('manager', instanceId)).urgeTime).not.toBe('');
    expect(await actionsOf('admin', { processInstanceId: instanceId })).not.toContain('urge');
    const urges = (await steps(instanceId)).filter((s: any) => s.flag === 'urge');
    expect(urges).toHaveLength(1);
    expect(urges[0].comment).toContain('审批人审批');
    expect((await post('otherTenant', work('urge-task'), { processInstanceId: instanceId })).body.msg).toBe('流程实例不存在');
  });
});

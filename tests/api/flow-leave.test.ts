import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const userIds: Record<string, string> = {};

async function get(who: string, url: string, query: Record<string, string> = {}) {
  return t.call({ method: 'GET', url, headers: headers[who], query });
}
async function post(who: string, url: string, opts: { query?: Record<string, string>; payload?: unknown } = {}) {
  return t.call({ method: 'POST', url, headers: headers[who], ...opts } as any);
}

async function leaveDefinitionId(): Promise<string> {
  const res = await get('admin', '/api/blade-flow/work/start-list', { mode: '1' });
  return res.body.data.records.find((r: any) => r.key === 'Leave').id;
}

async function fileLeave(days: number, approverId = userIds.manager) {
  const start = new Date(Date.UTC(2026, 0, 5, 9));
  const end = new Date(start.getTime() + days * 86_400_000 - 3_600_000);
  const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
    payload: { processDefinitionId: await leaveDefinitionId(), taskUser: approverId, startTime: fmt(start), endTime: fmt(end), reason: '回家' },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data as { id: string; processInstanceId: string };
}

async function onlyTask(who: string, list: string, instanceId: string) {
  const res = await get(who, `/api/blade-flow/work/${list}-list`);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.records.find((r: any) => r.processInstanceId === instanceId);
}

beforeAll(async () => {
  t = await startTestApp();
  headers.admin = await t.login();
  for (const who of ['hr', 'manager', 'boss']) headers[who] = await t.login({ username: who, password: '123456' });
  const users = await t.services.system.database.db.selectFrom('blade_user').select(['id', 'account']).execute();
  for (const u of users) userIds[u.account] = String(u.id);
  // A second HR person, to claim at the same time as the first.
  const db = t.services.system.database.db;
  const hrRole = await db.selectFrom('blade_role').select('id').where('role_alias', '=', 'hr').where('tenant_id', '=', '000000').executeTakeFirstOrThrow();
  const hrUser = await db.selectFrom('blade_user').select('dept_id').where('account', '=', 'hr').executeTakeFirstOrThrow();
  await addRoleAndUser(t.services, { roleAlias: 'hr', roleIds: [String(hrRole.id)], account: 'hr2', password: 'hr2-pass', deptId: String(hrUser.dept_id) });
  headers.hr2 = await t.login({ username: 'hr2', password: 'hr2-pass' });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('the seeded leave process over HTTP', () => {
  it('runs approver → HR (claim) → boss for a long leave and ends in everyone\'s done list', async () => {
    const leave = await fileLeave(5);
    const todo = await onlyTask('manager', 'todo', leave.processInstanceId);
    expect(todo).toMatchObject({ taskName: '审批人审批', status: 'todo', businessId: leave.id, processDefinitionKey: 'Leave', categoryName: '请假流程' });
    expect((await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: todo.taskId, processInstanceId: leave.processInstanceId, flag: 'ok', comment: '准了' } })).body.success).toBe(true);

    const claim = await onlyTask('hr', 'claim', leave.processInstanceId);
    expect(claim).toMatchObject({ taskName: '人事审批', status: 'claim' });
    expect(await onlyTask('boss', 'claim', leave.processInstanceId)).toBeUndefined();
    const early = await post('hr', '/api/blade-flow/work/complete-task', { payload: { taskId: claim.taskId, flag: 'ok' } });
    expect(early.body).toMatchObject({ success: false, msg: '请先签收任务' });
    expect((await post('hr', '/api/blade-flow/work/claim-task', { query: { taskId: claim.taskId } })).body.success).toBe(true);
    const hrTodo = await onlyTask('hr', 'todo', leave.processInstanceId);
    expect((await post('hr', '/api/blade-flow/work/complete-task', { payload: { taskId: hrTodo.taskId, flag: 'ok' } })).body.success).toBe(true);

    const bossClaim = await onlyTask('boss', 'claim', leave.processInstanceId);
    expect(bossClaim.taskName).toBe('老板审批');
    await post('boss', '/api/blade-flow/work/claim-task', { query: { taskId: bossClaim.taskId } });
    expect((await post('boss', '/api/blade-flow/work/complete-task', { payload: { taskId: bossClaim.taskId, flag: 'ok', comment: '好' } })).body.success).toBe(true);

    const sent = await onlyTask('admin', 'send', leave.processInstanceId);
    expect(sent).toMatchObject({ processIsFinished: true, processState: 'completed' });
    expect(await onlyTask('hr', 'done', leave.processInstanceId)).toMatchObject({ status: 'done', comment: '同意', flag: 'ok' });
    const history = await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: leave.processInstanceId });
    expect(history.body.data.map((s: any) => s.historyActivityId)).toEqual(['start', 'approverTask', 'hrTask', 'bossTask', 'approved']);
    expect(history.body.data[1]).toMatchObject({ comment: '准了', assigneeName: '经理' });
    const detail = await get('admin', '/api/blade-desk/process/leave/detail', { businessId: leave.id });
    expect(detail.body.data, JSON.stringify(detail.body)).toMatchObject({ days: 5, reason: '回家', taskUser: userIds.manager, flow: { processIsFinished: true, status: 'completed' } });
  });

  it('skips the boss for three days or less, and a rejection ends the process as rejected', async () => {
    const short = await fileLeave(3);
    const t1 = await onlyTask('manager', 'todo', short.processInstanceId);
    await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: t1.taskId, flag: 'ok' } });
    const c = await onlyTask('hr', 'claim', short.processInstanceId);
    await post('hr', '/api/blade-flow/work/claim-task', { query: { taskId: c.taskId } });
    await post('hr', '/api/blade-flow/work/complete-task', { payload: { taskId: c.taskId, flag: 'ok' } });
    expect(await onlyTask('admin', 'send', short.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'completed' });

    const rejected = await fileLeave(2);
    const t2 = await onlyTask('manager', 'todo', rejected.processInstanceId);
    await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: t2.taskId, flag: '', comment: '不行' } });
    expect(await onlyTask('admin', 'send', rejected.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'rejected' });
    expect(await onlyTask('hr', 'claim', rejected.processInstanceId)).toBeUndefined();
    const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: rejected.processInstanceId })).body.data;
    expect(steps.map((s: any) => s.historyActivityId)).toEqual(['start', 'approverTask', 'rejected']);
    expect(steps[1]).toMatchObject({ flag: 'no', comment: '不行' });
  });

  it('lets one of two simultaneous completes of a task win and tells the other', async () => {
    const leave = await fileLeave(1);
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    const both = await Promise.all([1, 2].map(() => post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: task.taskId, flag: 'ok' } })));
    expect(both.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(both.find((r) => !r.body.success)!.body.msg).toBe('任务已被办理,请刷新后重试');
    const claims = await get('hr', '/api/blade-flow/work/claim-list');
    expect(claims.body.data.records.filter((r: any) => r.processInstanceId === leave.processInstanceId)).toHaveLength(1);
    // The loser wrote nothing: one closed approver step, one HR task, in the history too.
    const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: leave.processInstanceId })).body.data;
    expect(steps.map((s: any) => s.historyActivityId)).toEqual(['start', 'approverTask', 'hrTask']);
    expect(steps[1]).toMatchObject({ flag: 'ok', comment: '同意' });
  });

  it('lets one of two HR people claiming a task at once take it and tells the other', async () => {
    const leave = await fileLeave(1);
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    expect((await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: task.taskId, flag: 'ok' } })).body.success).toBe(true);
    const offer = await onlyTask('hr', 'claim', leave.processInstanceId);
    expect(await onlyTask('hr2', 'claim', leave.processInstanceId)).toMatchObject({ taskId: offer.taskId });
    const both = await Promise.all(['hr', 'hr2'].map((who) => post(who, '/api/blade-flow/work/claim-task', { query: { taskId: offer.taskId } })));
    expect(both.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(both.find((r) => !r.body.success)!.body.msg).toBe('任务已被他人签收');
    const [winner, loser] = both[0].body.success ? ['hr', 'hr2'] : ['hr2', 'hr'];
    expect(await onlyTask(winner, 'todo', leave.processInstanceId)).toMatchObject({ taskId: offer.taskId, taskName: '人事审批' });
    expect(await onlyTask(loser, 'claim', leave.processInstanceId)).toBeUndefined();
    expect(await onlyTask(loser, 'todo', leave.processInstanceId)).toBeUndefined();
  });

  it('counts a started request in the starter\'s send-list and a completed task in its assignee\'s done-list at once', async () => {
    const total = async (who: string, list: string) => (await get(who, `/api/blade-flow/work/${list}-list`)).body.data.total as number;
    const [sent, managerDone, hrDone] = [await total('admin', 'send'), await total('manager', 'done'), await total('hr', 'done')];
    const leave = await fileLeave(2);
    expect(await total('admin', 'send')).toBe(sent + 1);
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    expect((await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: task.taskId, flag: 'ok' } })).body.success).toBe(true);
    expect(await total('manager', 'done')).toBe(managerDone + 1);
    expect(await total('hr', 'done')).toBe(hrDone);
    const offer = await onlyTask('hr', 'claim', leave.processInstanceId);
    expect((await post('hr', '/api/blade-flow/work/claim-task', { query: { taskId: offer.taskId } })).body.success).toBe(true);
    expect(await total('hr', 'done')).toBe(hrDone);
    expect((await post('hr', '/api/blade-flow/work/delete-task', { query: { taskId: offer.taskId, reason: '撤回' } })).body.success).toBe(true);
    expect(await total('hr', 'done')).toBe(hrDone + 1);
    expect(await total('admin', 'send')).toBe(sent + 1);
  });

  it('counts tasks finished hours ago and a step finished now in one done-list total, and instances started long ago in the send-list', async () => {
    // A person with work finished before this server saw any of their lists: a task ended three hours ago, an instance started a day ago.
    const db = t.services.system.database.db;
    const manager = await db.selectFrom('blade_user').select(['role_id', 'dept_id']).where('account', '=', 'manager').executeTakeFirstOrThrow();
    const { userId } = await addRoleAndUser(t.services, { roleAlias: 'manager', roleIds: String(manager.role_id).split(','), account: 'approver2', password: 'approver2-pass', deptId: String(manager.dept_id) });
    headers.approver2 = await t.login({ username: 'approver2', password: 'approver2-pass' });
    const leave = await fileLeave(1, userId);
    const instance = await db.selectFrom('blade_flow_instance').selectAll().where('id', '=', leave.processInstanceId).executeTakeFirstOrThrow();
    const oldId = ((BigInt(Date.now() - 86_400_000 - 1577836800000) << 22n) | 7n).toString();
    await db.insertInto('blade_flow_instance').values({ ...instance, id: oldId, business_id: '1', start_user_id: userId, end_time: sql`localtimestamp(0) - interval '20 hours'`, state: 'completed' } as any).execute();
    await db.insertInto('blade_flow_task').values({ id: oldId, tenant_id: '000000', instance_id: oldId, definition_id: instance.definition_id, task_def_key: 'approverTask',
      name: '审批人审批', execution_id: 'x', assignee_id: userId, create_time: sql`localtimestamp(0) - interval '4 hours'`, end_time: sql`localtimestamp(0) - interval '3 hours'`, flag: 'ok' } as any).execute();
    const total = async (list: string) => (await get('approver2', `/api/blade-flow/work/${list}-list`)).body.data.total as number;
    expect(await total('done')).toBe(1);
    expect(await total('send')).toBe(1);
    const task = await onlyTask('approver2', 'todo', leave.processInstanceId);
    expect((await post('approver2', '/api/blade-flow/work/complete-task', { payload: { taskId: task.taskId, flag: 'ok' } })).body.success).toBe(true);
    expect(await total('done')).toBe(2);
  });

  it('answers in the send-list how each request ended (approved, rejected, withdrawn) and nothing while it runs, with its current step', async () => {
    const running = await fileLeave(2);
    expect(await onlyTask('admin', 'send', running.processInstanceId)).toMatchObject({ processIsFinished: false, processOutcome: '', taskName: '审批人审批' });

    const approved = await fileLeave(2);
    const a1 = await onlyTask('manager', 'todo', approved.processInstanceId);
    await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: a1.taskId, flag: 'ok' } });
    const a2 = await onlyTask('hr', 'claim', approved.processInstanceId);
    await post('hr', '/api/blade-flow/work/claim-task', { query: { taskId: a2.taskId } });
    await post('hr', '/api/blade-flow/work/complete-task', { payload: { taskId: a2.taskId, flag: 'ok' } });
    expect(await onlyTask('admin', 'send', approved.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'completed', processOutcome: 'approved' });

    const rejected = await fileLeave(2);
    const r1 = await onlyTask('manager', 'todo', rejected.processInstanceId);
    await post('manager', '/api/blade-flow/work/complete-task', { payload: { taskId: r1.taskId, flag: '', comment: '不行' } });
    expect(await onlyTask('admin', 'send', rejected.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'rejected', processOutcome: 'rejected' });

    const withdrawn = await fileLeave(2);
    const w1 = await onlyTask('manager', 'todo', withdrawn.processInstanceId);
    expect((await post('manager', '/api/blade-flow/work/delete-task', { query: { taskId: w1.taskId, reason: '撤销' } })).body.success).toBe(true);
    expect(await onlyTask('admin', 'send', withdrawn.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'deleted', processOutcome: 'withdrawn' });
  });

  it('refuses to start a suspended definition with the message', async () => {
    const id = await leaveDefinitionId();
    expect((await post('admin', '/api/blade-flow/manager/change-state', { query: { processId: id, state: 'suspend' } })).body.success).toBe(true);
    const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
      payload: { processDefinitionId: id, taskUser: userIds.manager, startTime: '2026-01-01 09:00:00', endTime: '2026-01-02 09:00:00', reason: 'x' },
    });
    expect(res.body).toMatchObject({ success: false, msg: '流程已挂起,无法启动' });
    await post('admin', '/api/blade-flow/manager/change-state', { query: { processId: id, state: 'active' } });
  });
});

describe('what the holder of a task may set when completing it', () => {
  const complete = (who: string, taskId: string, body: Record<string, unknown>, lang = 'zh') =>
    t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: { ...headers[who], 'accept-language': lang }, payload: { taskId, ...body } });
  const stepsOf = async (instanceId: string) =>
    (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data.map((s: any) => s.historyActivityId);
  const claimAsHr = async (instanceId: string) => {
    const offer = await onlyTask('hr', 'claim', instanceId);
    expect((await post('hr', '/api/blade-flow/work/claim-task', { query: { taskId: offer.taskId } })).body.success).toBe(true);
    return offer.taskId as string;
  };

  it('keeps an 11-day leave on its way to 老板审批 when the approver and HR complete with {"days":0}: refused naming the variable, nothing moves', async () => {
    const leave = await fileLeave(11);
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    const refused = await complete('manager', task.taskId, { flag: 'ok', variables: { days: 0 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, msg: '任务「审批人审批」不接受变量 days,可设置的变量: pass' });
    const en = await complete('manager', task.taskId, { flag: 'ok', variables: { days: 0 } }, 'en');
    expect(en.body.msg).toBe('the task "审批人审批" does not take the variable days; it takes: pass');
    expect(await onlyTask('manager', 'todo', leave.processInstanceId)).toMatchObject({ taskId: task.taskId });
    expect(await stepsOf(leave.processInstanceId)).toEqual(['start', 'approverTask']);
    expect((await complete('manager', task.taskId, { flag: 'ok' })).body.success).toBe(true);

    const hrTask = await claimAsHr(leave.processInstanceId);
    const hrRefused = await complete('hr', hrTask, { flag: 'ok', variables: { days: 0, pass: true } });
    expect(hrRefused.status).toBe(400);
    expect(hrRefused.body.msg).toBe('任务「人事审批」不接受变量 days,可设置的变量: pass');
    expect((await complete('hr', hrTask, { flag: 'ok' })).body.success).toBe(true);
    expect(await onlyTask('boss', 'claim', leave.processInstanceId)).toMatchObject({ taskName: '老板审批' });
    expect(await stepsOf(leave.processInstanceId)).toEqual(['start', 'approverTask', 'hrTask', 'bossTask']);
  });

  it('refuses prototype names, another assignee, an expression or a huge value as pass, a huge name and a non-object, and the task stays open', async () => {
    const leave = await fileLeave(11);
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    const raw = (variables: string) => t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: { ...headers.manager, 'content-type': 'application/json' },
      payload: `{"taskId":"${task.taskId}","flag":"ok","variables":${variables}}` });
    for (const body of ['{"__proto__":{"days":0}}', '{"constructor":{"prototype":{"days":0}}}']) {
      const res = await raw(body);
      expect(res.status, `${body} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, msg: '请求参数格式错误' });
    }
    expect(({} as Record<string, unknown>).days).toBeUndefined();
    const cases: [unknown, string][] = [
      [{ constructor: 0 }, '任务「审批人审批」不接受变量 constructor,可设置的变量: pass'],
      [{ toString: 'x' }, '任务「审批人审批」不接受变量 toString,可设置的变量: pass'],
      [{ taskUser: `taskUser_${userIds.hr}` }, '任务「审批人审批」不接受变量 taskUser,可设置的变量: pass'],
      [{ pass: '${days > 0}' }, '变量 pass 应为 true 或 false'],
      [{ pass: 'x'.repeat(5_000_000) }, '变量 pass 应为 true 或 false'],
      [{ [`k${'x'.repeat(100_000)}`]: 1 }, `任务「审批人审批」不接受变量 k${'x'.repeat(63)}…,可设置的变量: pass`],
      [['days', 0], '请求参数格式错误: variables'],
      ['days=0', '请求参数格式错误: variables'],
    ];
    for (const [variables, msg] of cases) {
      const res = await complete('manager', task.taskId, { flag: 'ok', variables });
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ success: false, msg });
    }
    expect(await onlyTask('manager', 'todo', leave.processInstanceId)).toMatchObject({ taskId: task.taskId });
    expect(await stepsOf(leave.processInstanceId)).toEqual(['start', 'approverTask']);
  });

  it('takes the declared pass as before: {pass:false} with a rejection ends the leave rejected, the console\'s {pass:true} with ok goes on to HR', async () => {
    const rejected = await fileLeave(2);
    const first = await onlyTask('manager', 'todo', rejected.processInstanceId);
    expect((await complete('manager', first.taskId, { flag: '', comment: '不行', variables: { pass: false } })).body.success).toBe(true);
    expect(await onlyTask('admin', 'send', rejected.processInstanceId)).toMatchObject({ processIsFinished: true, processState: 'rejected' });

    const approved = await fileLeave(2);
    const second = await onlyTask('manager', 'todo', approved.processInstanceId);
    expect((await complete('manager', second.taskId, { flag: 'ok', processInstanceId: approved.processInstanceId, comment: '同意', variables: { pass: true } })).body.success).toBe(true);
    expect(await onlyTask('hr', 'claim', approved.processInstanceId)).toMatchObject({ taskName: '人事审批' });
  });

  it('starts an 11-day leave with the days of its own times, whatever days or variables the starter adds to the body: it still reaches 老板审批', async () => {
    const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
      payload: { processDefinitionId: await leaveDefinitionId(), taskUser: userIds.manager, startTime: '2026-02-02 09:00:00', endTime: '2026-02-13 09:00:00', reason: '探亲',
        days: 0, variables: { days: 0, taskUser: `taskUser_${userIds.hr}` }, createUser: 'someone' },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const leave = res.body.data as { id: string; processInstanceId: string };
    expect((await get('admin', '/api/blade-desk/process/leave/detail', { businessId: leave.id })).body.data).toMatchObject({ days: 11, taskUser: userIds.manager });
    const task = await onlyTask('manager', 'todo', leave.processInstanceId);
    expect((await complete('manager', task.taskId, { flag: 'ok' })).body.success).toBe(true);
    const hrTask = await claimAsHr(leave.processInstanceId);
    expect((await complete('hr', hrTask, { flag: 'ok' })).body.success).toBe(true);
    expect(await onlyTask('boss', 'claim', leave.processInstanceId)).toMatchObject({ taskName: '老板审批' });
  });
});

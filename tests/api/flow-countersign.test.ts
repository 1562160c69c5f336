import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * 会签 as the designer writes it (Flowable's multiInstanceLoopCharacteristics over
 * `${approverList}`, one task per user): deployed from an uploaded file, started through the
 * leave start, the approvers chosen by the first task, each signer completing their own task.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const userIds: Record<string, string> = {};
const SIGNERS = ['hr', 'manager', 'boss'] as const;
const SKIPPED = '会签已有结果,无需再办理';

const RULES = {
  all: '${nrOfCompletedInstances == nrOfInstances}',
  any: '${nrOfApproved >= 1}',
  ratio: '${nrOfApproved / nrOfInstances >= 0.6}',
};

const get = (who: string, url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url, headers: headers[who], query });
const post = (who: string, url: string, opts: { query?: Record<string, string>; payload?: unknown } = {}) => t.call({ method: 'POST', url, headers: headers[who], ...opts } as any);

const COUNTERSIGN_XML = (key: string, { condition, loop }: { condition?: string; loop?: string } = {}) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="会签 ${key}" isExecutable="true">
    <startEvent id="start" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="choose"/>
    <userTask id="choose" name="选择会签人" flowable:assignee="\${taskUser}">
      <extensionElements><flowable:formProperty id="approverList" name="会签人" type="string" required="true"/></extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="choose" targetRef="sign"/>
    <userTask id="sign" name="会签" flowable:assignee="\${approver}">
      ${loop ?? `<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${approverList}" flowable:elementVariable="approver">
        ${condition ? `<completionCondition>${condition}</completionCondition>` : ''}
      </multiInstanceLoopCharacteristics>`}
    </userTask>
    <sequenceFlow id="f3" sourceRef="sign" targetRef="decide"/>
    <exclusiveGateway id="decide"/>
    <sequenceFlow id="yes" sourceRef="decide" targetRef="approved"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="no" sourceRef="decide" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <endEvent id="approved" name="会签通过"/>
    <endEvent id="rejected" name="会签驳回"/>
  </process>
</definitions>`;

function multipart(auth: Record<string, string>, file: { name: string; content: string }, fields: Record<string, string>) {
  const boundary = '----countersign';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/xml\r\n\r\n${file.content}\r\n`,
  ];
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function deploy(key: string, xml: string, lang?: string) {
  const auth = lang ? { ...headers.admin, 'accept-language': lang, 'x-atrium-lang': lang } : headers.admin;
  return t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(auth, { name: `${key}.bpmn20.xml`, content: xml }, { category: 'flow_2', tenantIds: '000000' }) } as any);
}

async function definitionId(key: string): Promise<string> {
  const res = await get('admin', '/api/blade-flow/manager/list', { mode: '2', size: '100' });
  return res.body.data.records.find((d: any) => d.key === key).id;
}

async function taskOf(who: string, instanceId: string) {
  const res = await get(who, '/api/blade-flow/work/todo-list', { size: '100' });
  return res.body.data.records.find((r: any) => r.processInstanceId === instanceId);
}

const complete = (who: string, taskId: string, pass: boolean) =>
  post(who, '/api/blade-flow/work/complete-task', { payload: { taskId, flag: pass ? 'ok' : 'no', comment: `${who} ${pass ? '同意' : '驳回'}` } });

/** Starts an instance of `key` (the admin chooses), and the admin sends it to the three signers: their tasks, by signer. */
async function startCountersign(key: string): Promise<{ instanceId: string; tasks: Record<string, string> }> {
  const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
    payload: { processDefinitionId: await definitionId(key), taskUser: userIds.admin, startTime: '2026-03-02 09:00:00', endTime: '2026-03-03 09:00:00', reason: '会签' },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const instanceId = res.body.data.processInstanceId as string;
  const choose = await taskOf('admin', instanceId);
  const approverList = SIGNERS.map((who) => userIds[who]).join(',');
  const chosen = await post('admin', '/api/blade-flow/work/complete-task', { payload: { taskId: choose.taskId, flag: 'ok', variables: { approverList } } });
  expect(chosen.body.success, JSON.stringify(chosen.body)).toBe(true);
  const tasks: Record<string, string> = {};
  for (const who of SIGNERS) {
    const task = await taskOf(who, instanceId);
    expect(task, `${who} has a 会签 task`).toMatchObject({ taskName: '会签' });
    tasks[who] = task.taskId;
  }
  return { instanceId, tasks };
}

async function steps(instanceId: string) {
  return (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data as any[];
}

/** Where the process ended ('approved', 'rejected'), or undefined while it runs; and each signer's history row as [flag, comment]. */
async function outcome(instanceId: string) {
  const all = await steps(instanceId);
  const end = all.find((s) => s.historyActivityType === 'endEvent')?.historyActivityId;
  const signed = Object.fromEntries(SIGNERS.map((who) => [who, all.filter((s) => s.historyActivityId === 'sign' && s.assignee === userIds[who]).map((s) => [s.flag, s.comment ?? ''])]));
  return { end, signed };
}

beforeAll(async () => {
  t = await startTestApp();
  headers.admin = await t.login();
  for (const who of SIGNERS) headers[who] = await t.login({ username: who, password: '123456' });
  for (const u of await t.services.system.database.db.selectFrom('blade_user').select(['id', 'account']).execute()) userIds[u.account] = String(u.id);
  for (const [rule, condition] of Object.entries(RULES)) {
    const res = await deploy(`Sign_${rule}`, COUNTERSIGN_XML(`Sign_${rule}`, { condition }));
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('会签: a parallel multi-instance user task', () => {
  it('all must approve: three approvals pass, each signer in the history', async () => {
    const { instanceId, tasks } = await startCountersign('Sign_all');
    for (const who of SIGNERS) {
      expect((await outcome(instanceId)).end).toBeUndefined();
      expect((await complete(who, tasks[who], true)).body.success).toBe(true);
    }
    expect(await outcome(instanceId)).toEqual({ end: 'approved', signed: { hr: [['ok', 'hr 同意']], manager: [['ok', 'manager 同意']], boss: [['ok', 'boss 同意']] } });
  });

  it('all must approve: two approve, one rejects → rejected at the rejection', async () => {
    const { instanceId, tasks } = await startCountersign('Sign_all');
    expect((await complete('hr', tasks.hr, true)).body.success).toBe(true);
    expect((await complete('manager', tasks.manager, false)).body.success).toBe(true);
    // One rejection decides "all": the boss's task ended with it.
    expect(await taskOf('boss', instanceId)).toBeUndefined();
    expect((await complete('boss', tasks.boss, true)).body).toMatchObject({ success: false, msg: '任务已被办理,请刷新后重试' });
    expect(await outcome(instanceId)).toEqual({ end: 'rejected', signed: { hr: [['ok', 'hr 同意']], manager: [['no', 'manager 驳回']], boss: [['skip', SKIPPED]] } });
  });

  it('all must approve: the last signer rejecting after two approvals rejects', async () => {
    const { instanceId, tasks } = await startCountersign('Sign_all');
    expect((await complete('hr', tasks.hr, true)).body.success).toBe(true);
    expect((await complete('manager', tasks.manager, true)).body.success).toBe(true);
    expect((await complete('boss', tasks.boss, false)).body.success).toBe(true);
    expect((await outcome(instanceId)).end).toBe('rejected');
  });

  it('any one (或签): the first approval passes and the others\' tasks end', async () => {
    const { instanceId, tasks } = await startCountersign('Sign_any');
    expect((await complete('hr', tasks.hr, false)).body.success).toBe(true);
    expect((await outcome(instanceId)).end).toBeUndefined();
    expect((await complete('boss', tasks.boss, true)).body.success).toBe(true);
    expect(await taskOf('manager', instanceId)).toBeUndefined();
    expect(await outcome(instanceId)).toEqual({ end: 'approved', signed: { hr: [['no', 'hr 驳回']], manager: [['skip', SKIPPED]], boss: [['ok', 'boss 同意']] } });
    const task = (await t.services.system.database.db.selectFrom('blade_flow_task').select(['end_reason', 'flag']).where('id', '=', tasks.manager).executeTakeFirstOrThrow());
    expect(task).toEqual({ end_reason: 'countersigned', flag: 'skip' });
  });

  it('any one: all three rejecting rejects', async () => {
    const { instanceId, tasks } = await startCountersign('Sign_any');
    for (const who of SIGNERS) expect((await complete(who, tasks[who], false)).body.success).toBe(true);
    expect((await outcome(instanceId)).end).toBe('rejected');
  });

  it('a ratio of 0.6: two of three approving passes (the third ends), two rejecting rejects', async () => {
    const passed = await startCountersign('Sign_ratio');
    expect((await complete('hr', passed.tasks.hr, true)).body.success).toBe(true);
    expect((await outcome(passed.instanceId)).end).toBeUndefined();
    expect((await complete('boss', passed.tasks.boss, true)).body.success).toBe(true);
    expect(await outcome(passed.instanceId)).toEqual({ end: 'approved', signed: { hr: [['ok', 'hr 同意']], manager: [['skip', SKIPPED]], boss: [['ok', 'boss 同意']] } });

    const rejected = await startCountersign('Sign_ratio');
    expect((await complete('hr', rejected.tasks.hr, false)).body.success).toBe(true);
    expect((await complete('manager', rejected.tasks.manager, true)).body.success).toBe(true);
    expect((await outcome(rejected.instanceId)).end).toBeUndefined();
    // 1 of 3 approved and one open: 2/3 can still be reached, so it waits; the second rejection decides.
    const again = await startCountersign('Sign_ratio');
    expect((await complete('hr', again.tasks.hr, false)).body.success).toBe(true);
    expect((await complete('boss', again.tasks.boss, false)).body.success).toBe(true);
    expect(await outcome(again.instanceId)).toEqual({ end: 'rejected', signed: { hr: [['no', 'hr 驳回']], manager: [['skip', SKIPPED]], boss: [['no', 'boss 驳回']] } });
  });

  it('three completing at the same moment: every approval counted, one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const { instanceId, tasks } = await startCountersign('Sign_all');
      const answers = await Promise.all(SIGNERS.map((who) => complete(who, tasks[who], true)));
      expect(answers.map((a) => a.body.success), JSON.stringify(answers.map((a) => a.body))).toEqual([true, true, true]);
      const { end, signed } = await outcome(instanceId);
      expect(end).toBe('approved');
      expect(Object.values(signed).map((rows) => rows.map(([flag]) => flag))).toEqual([['ok'], ['ok'], ['ok']]);
      expect((await steps(instanceId)).filter((s) => s.historyActivityType === 'endEvent')).toHaveLength(1);
    }
  });

  it('at the same moment under "any": one approval decides, the others find their task done', async () => {
    for (let round = 0; round < 3; round++) {
      const { instanceId, tasks } = await startCountersign('Sign_any');
      const answers = await Promise.all(SIGNERS.map((who) => complete(who, tasks[who], true)));
      expect(answers.filter((a) => a.body.success), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
      for (const a of answers.filter((x) => !x.body.success)) expect(a.body.msg).toBe('任务已被办理,请刷新后重试');
      const { end, signed } = await outcome(instanceId);
      expect(end).toBe('approved');
      expect(Object.values(signed).map((rows) => rows.map(([flag]) => flag)).flat().sort()).toEqual(['ok', 'skip', 'skip']);
      expect((await steps(instanceId)).filter((s) => s.historyActivityType === 'endEvent')).toHaveLength(1);
    }
  });

  it('at the same moment under a ratio: two approvals and a rejection give one outcome, each counted', async () => {
    for (let round = 0; round < 3; round++) {
      const { instanceId, tasks } = await startCountersign('Sign_ratio');
      const answers = await Promise.all(SIGNERS.map((who) => complete(who, tasks[who], who !== 'manager')));
      const done = answers.filter((a) => a.body.success).length;
      const { end, signed } = await outcome(instanceId);
      expect(end).toBe('approved');
      const flags = Object.fromEntries(Object.entries(signed).map(([who, rows]) => [who, rows.map(([flag]) => flag)]));
      // Both approvals are counted (they decide); the rejection is counted unless they decided before it ran.
      expect(flags.hr).toEqual(['ok']);
      expect(flags.boss).toEqual(['ok']);
      expect(flags.manager[0] === 'no' ? 3 : 2).toBe(done);
    }
  });

  it('sequential (isSequential="true"): one signer at a time in the list\'s order, the next when one completes, decided as early', async () => {
    const xml = COUNTERSIGN_XML('Seq', { condition: RULES.all }).replace('isSequential="false"', 'isSequential="true"');
    expect((await deploy('Seq', xml)).body.success).toBe(true);
    const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
      payload: { processDefinitionId: await definitionId('Seq'), taskUser: userIds.admin, startTime: '2026-03-02 09:00:00', endTime: '2026-03-03 09:00:00', reason: '串行会签' },
    });
    const instanceId = res.body.data.processInstanceId as string;
    const choose = await taskOf('admin', instanceId);
    const approverList = ['boss', 'hr', 'manager'].map((who) => userIds[who]).join(',');
    expect((await post('admin', '/api/blade-flow/work/complete-task', { payload: { taskId: choose.taskId, flag: 'ok', variables: { approverList } } })).body.success).toBe(true);
    expect(await taskOf('hr', instanceId)).toBeUndefined();
    const first = await taskOf('boss', instanceId);
    expect((await complete('boss', first.taskId, true)).body.success).toBe(true);
    expect(await taskOf('manager', instanceId)).toBeUndefined();
    const second = await taskOf('hr', instanceId);
    expect(second).toMatchObject({ taskName: '会签' });
    expect((await complete('hr', second.taskId, false)).body.success).toBe(true);
    // The rejection decides "all": the manager is never asked.
    expect(await taskOf('manager', instanceId)).toBeUndefined();
    expect(await outcome(instanceId)).toEqual({ end: 'rejected', signed: { hr: [['no', 'hr 驳回']], manager: [], boss: [['ok', 'boss 同意']] } });
  });

  it('reads camunda: attributes as it reads flowable: ones', async () => {
    const xml = COUNTERSIGN_XML('Camunda', { condition: RULES.any }).replaceAll('flowable:', 'camunda:')
      .replace('xmlns:camunda="http://flowable.org/bpmn"', 'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"');
    const res = await deploy('Camunda', xml);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const { instanceId, tasks } = await startCountersign('Camunda');
    expect((await complete('manager', tasks.manager, true)).body.success).toBe(true);
    expect((await outcome(instanceId)).end).toBe('approved');
  });

  it('refuses a 会签 without a collection, and a completion condition that is code, saying what is wrong, in zh and en', async () => {
    const noCollection = COUNTERSIGN_XML('NoColl', { loop: '<multiInstanceLoopCharacteristics isSequential="false"><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics>' });
    expect((await deploy('NoColl', noCollection)).body.msg).toMatch(/^会签只支持多实例用户任务.*: userTask sign loopCardinality/);
    expect((await deploy('NoColl', noCollection, 'en')).body.msg).toMatch(/^a countersign \(multi-instance\) must be a user task over a collection/);
    const noElement = COUNTERSIGN_XML('NoElem').replace(' flowable:elementVariable="approver"', '');
    expect((await deploy('NoElem', noElement)).body.msg).toMatch(/: userTask sign elementVariable \(none\)$/);
    const oneAssignee = COUNTERSIGN_XML('OneAssignee').replace('flowable:assignee="\${approver}"', 'flowable:assignee="\${taskUser}"');
    expect((await deploy('OneAssignee', oneAssignee)).body.msg).toMatch(/: userTask sign assignee \$\{taskUser\} \(\$\{approver\}\)$/);
    const code = COUNTERSIGN_XML('Code', { condition: '${x.y()}' });
    expect((await deploy('Code', code)).body.msg).toMatch(/条件表达式/);
  });

  it('refuses to go on when the collection holds nobody, and variables other than pass on a 会签 task', async () => {
    const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
      payload: { processDefinitionId: await definitionId('Sign_all'), taskUser: userIds.admin, startTime: '2026-03-02 09:00:00', endTime: '2026-03-03 09:00:00', reason: '会签' },
    });
    const choose = await taskOf('admin', res.body.data.processInstanceId);
    const nobody = await post('admin', '/api/blade-flow/work/complete-task', { payload: { taskId: choose.taskId, flag: 'ok', variables: { approverList: 'nobody, ,x' } } });
    expect(nobody.body).toMatchObject({ success: false, msg: '会签任务「会签」没有审批人:流程变量 approverList 为空或不含有效的用户' });
    const { tasks } = await startCountersign('Sign_all');
    const extra = await post('hr', '/api/blade-flow/work/complete-task', { payload: { taskId: tasks.hr, flag: 'ok', variables: { approverList: '1' } } });
    expect(extra.body.success).toBe(false);
  });
});

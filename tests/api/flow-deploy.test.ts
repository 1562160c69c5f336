import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

/** A two-step process: `${taskUser}` approves, then role `hr`; `${days >= 2}` decides whether HR sees it. */
const TWO_STEP = (key: string, extra = '', condition = '${days >= 2}') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="t">
  <process id="${key}" name="报销 ${key}" isExecutable="true">
    <startEvent id="s"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="first"/>
    <userTask id="first" name="主管审批" flowable:assignee="\${taskUser}"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="g"/>
    <exclusiveGateway id="g"/>
    <sequenceFlow id="f3" sourceRef="g" targetRef="second"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="g" targetRef="e"><conditionExpression xsi:type="tFormalExpression"><![CDATA[\${days < 2}]]></conditionExpression></sequenceFlow>
    <userTask id="second" name="财务审批" camunda:candidateGroups="hr"/>
    <sequenceFlow id="f5" sourceRef="second" targetRef="e"/>
    ${extra}
    <endEvent id="e" name="完成"/>
  </process>
</definitions>`;

/** TWO_STEP whose first task declares `form` (flowable:formProperty elements). */
const withForm = (key: string, form: string, condition?: string) => TWO_STEP(key, '', condition)
  .replace('<userTask id="first" name="主管审批" flowable:assignee="\${taskUser}"/>', `<userTask id="first" name="主管审批" flowable:assignee="\${taskUser}"><extensionElements>${form}</extensionElements></userTask>`);

const HOSTILE: [string, string, RegExp][] = [
  ['a script task', TWO_STEP('Evil1', '<scriptTask id="x" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>'), /流程不允许包含脚本: scriptTask x/],
  ['a DOCTYPE with an external entity', `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${TWO_STEP('Evil2').replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`, /DOCTYPE/],
  ['a condition that calls code', TWO_STEP('Evil3', '', '${process.exit()}'), /条件表达式只能是对流程变量的比较.*process.exit/],
  ['a script condition', TWO_STEP('Evil4').replace('<conditionExpression xsi:type="tFormalExpression">', '<conditionExpression xsi:type="tFormalExpression" language="javascript">'), /流程不允许包含脚本/],
  ['a service task', TWO_STEP('Evil6', '<serviceTask id="svc" camunda:class="x.Y"/>'), /不支持的流程元素: serviceTask svc/],
  ['an expression assignee', TWO_STEP('Evil7').replace('flowable:assignee="${taskUser}"', 'flowable:assignee="${userService.find()}"'), /办理人或候选组只能是固定值或/],
  ['not XML at all', 'hello', /不是有效的 BPMN 2.0 XML/],
  ['a task form property computed by an expression', withForm('Evil9', '<flowable:formProperty id="amount" type="long" expression="${userService.find()}"/>'), /任务表单字段不合法.*userTask first formProperty amount: expression/],
  ['a task form property named __proto__', withForm('Evil10', '<flowable:formProperty id="__proto__" type="string"/>'), /任务表单字段不合法.*name "__proto__"/],
  ['a task form property writing constructor', withForm('Evil11', '<flowable:formProperty id="note" variable="constructor"/>'), /任务表单字段不合法.*name "constructor"/],
  ['a task form property of an unknown type', withForm('Evil12', '<flowable:formProperty id="amount" type="money"/>'), /任务表单字段不合法.*type money/],
];

function multipart(auth: Record<string, string>, files: { name: string; content: string }[], fields: Record<string, string>) {
  const boundary = '----flowtest';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ...files.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/xml\r\n\r\n${f.content}\r\n`),
  ];
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function definitionsOf(headers: Record<string, string>, mode: string) {
  return (await t.call({ method: 'GET', url: '/api/blade-flow/manager/list', headers, query: { mode, size: '100' } })).body.data.records as any[];
}

async function adminUserId(tenant: string) {
  const row = await t.services.system.database.db.selectFrom('blade_user').select('id').where('tenant_id', '=', tenant).where('account', '=', 'admin').executeTakeFirstOrThrow();
  return String(row.id);
}

async function startWith(headers: Record<string, string>, processDefinitionId: string, taskUser: string, days: number) {
  return t.call({
    method: 'POST', url: '/api/blade-desk/process/leave/start-process', headers,
    payload: { processDefinitionId, taskUser, startTime: '2026-03-01 09:00:00', endTime: `2026-03-0${1 + days} 09:00:00`, reason: 'r' },
  });
}

beforeAll(async () => { ({ t, a, b } = await startTwoTenants()); }, 120_000);
afterAll(async () => { await t?.close(); });

describe('models and deployments', () => {
  it('saves a modelled process, deploys it for a tenant and runs it over HTTP', async () => {
    const saved = await t.call({ method: 'POST', url: '/api/blade-flow/model/submit', headers: a, payload: { name: '报销', modelKey: 'Expense', description: 'd', modelEditorXml: TWO_STEP('Expense') } });
    expect(saved.body).toMatchObject({ success: true, data: { modelKey: 'Expense', version: 1 } });
    const list = await t.call({ method: 'GET', url: '/api/blade-flow/model/list', headers: a, query: { modelKey: 'Exp' } });
    expect(list.body.data.records.map((m: any) => m.modelKey)).toEqual(['Expense']);
    const deploy = await t.call({ method: 'POST', url: '/api/blade-flow/model/deploy', headers: a, query: { modelId: saved.body.data.id, category: 'flow_2', tenantIds: '000000' } });
    expect(deploy.body).toMatchObject({ success: true, msg: '部署成功' });
    const def = (await definitionsOf(a, '2')).find((d) => d.key === 'Expense');
    expect(def).toMatchObject({ tenantId: '000000', version: 1, category: 'flow_2', categoryName: '报销流程', suspensionState: 1 });

    const me = await adminUserId('000000');
    const started = await startWith(a, def.id, me, 3);
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const todo = (await t.call({ method: 'GET', url: '/api/blade-flow/work/todo-list', headers: a, query: { category: 'flow_2' } })).body.data.records;
    expect(todo).toHaveLength(1);
    expect(todo[0]).toMatchObject({ taskName: '主管审批', processDefinitionName: '报销 Expense' });
    const done = await t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: a, payload: { taskId: todo[0].taskId, flag: 'ok' } });
    expect(done.body.success).toBe(true);
    const view = await t.call({ method: 'GET', url: '/api/blade-flow/process/model-view', headers: a, query: { processInstanceId: started.body.data.processInstanceId } });
    expect(view.body.data).toMatchObject({ activeActivityIds: ['second'], finishedActivityIds: ['s', 'first'] });
    expect(view.body.data.xml).toContain('<process id="Expense"');
    const svg = await t.app.inject({ method: 'GET', url: '/api/blade-flow/process/diagram-view', headers: a, query: { processInstanceId: started.body.data.processInstanceId } });
    expect(svg.headers['content-type']).toContain('image/svg+xml');

    const again = await t.call({ method: 'POST', url: '/api/blade-flow/model/deploy', headers: a, query: { modelId: saved.body.data.id, category: 'flow_2', tenantIds: '000000' } });
    expect(again.body.success).toBe(true);
    expect((await definitionsOf(a, '2')).filter((d) => d.key === 'Expense').map((d) => d.version).sort()).toEqual([1, 2]);
  });

  /** Start → split → 左审批 and 右审批 (assigned to ${taskUser}) → `tail` (the branches' flows f4/f5 onwards), deployed as `key` under flow_2. */
  async function deployParallel(key: string, tail: string) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <process id="${key}" name="会签 ${key}" isExecutable="true">
    <startEvent id="s" name="开始"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="fork"/>
    <parallelGateway id="fork"/>
    <sequenceFlow id="f2" sourceRef="fork" targetRef="left"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="right"/>
    <userTask id="left" name="左审批" camunda:assignee="\${taskUser}"/>
    <userTask id="right" name="右审批" camunda:assignee="\${taskUser}"/>
${tail}
  </process>
</definitions>`;
    const res = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(a, [{ name: `${key}.bpmn`, content: xml }], { category: 'flow_2', tenantIds: '000000' }) } as any);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return (await definitionsOf(a, '2')).find((d) => d.key === key);
  }
  const todoOf = async (instanceId: string) => (await t.call({ method: 'GET', url: '/api/blade-flow/work/todo-list', headers: a, query: { category: 'flow_2', size: '100' } })).body.data.records
    .filter((r: any) => r.processInstanceId === instanceId);
  const complete = (taskId: string) => t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: a, payload: { taskId, flag: 'ok' } });
  const finished = async (instanceId: string) => (await t.call({ method: 'GET', url: '/api/blade-flow/work/send-list', headers: a, query: { size: '100' } })).body.data.records
    .find((r: any) => r.processInstanceId === instanceId)?.processIsFinished;
  const historyOf = async (instanceId: string) => (await t.call({ method: 'GET', url: '/api/blade-flow/process/history-flow-list', headers: a, query: { processInstanceId: instanceId } })).body.data;

  it('completes both of two parallel tasks of one instance finished at the same moment (the later write steps again on the new state)', async () => {
    const def = await deployParallel('Both', `    <sequenceFlow id="f4" sourceRef="left" targetRef="e1"/>
    <sequenceFlow id="f5" sourceRef="right" targetRef="e2"/>
    <endEvent id="e1" name="左完成"/>
    <endEvent id="e2" name="右完成"/>`);
    const started = await startWith(a, def.id, await adminUserId('000000'), 1);
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const instanceId = started.body.data.processInstanceId;
    const todo = await todoOf(instanceId);
    expect(todo.map((r: any) => r.taskName).sort()).toEqual(['右审批', '左审批']);
    const both = await Promise.all(todo.map((r: any) => complete(r.taskId)));
    expect(both.map((r) => r.body.success), JSON.stringify(both.map((r) => r.body))).toEqual([true, true]);
    const steps = await historyOf(instanceId);
    expect(steps.filter((x: any) => x.historyActivityType === 'userTask').map((x: any) => x.historyActivityId).sort()).toEqual(['left', 'right']);
    expect(steps.every((x: any) => x.endTime)).toBe(true);
    expect(steps.filter((x: any) => x.historyActivityType === 'endEvent').map((x: any) => x.historyActivityId).sort()).toEqual(['e1', 'e2']);
    expect(await finished(instanceId)).toBe(true);
  });

  it('waits at a parallel join until both branches arrive, then goes on to the next task and the end (one after the other, and both at once)', async () => {
    const def = await deployParallel('Join', `    <sequenceFlow id="f4" sourceRef="left" targetRef="join"/>
    <sequenceFlow id="f5" sourceRef="right" targetRef="join"/>
    <parallelGateway id="join"/>
    <sequenceFlow id="f6" sourceRef="join" targetRef="after"/>
    <userTask id="after" name="汇总审批" camunda:assignee="\${taskUser}"/>
    <sequenceFlow id="f7" sourceRef="after" targetRef="e"/>
    <endEvent id="e" name="完成"/>`);
    const me = await adminUserId('000000');

    for (const together of [false, true]) {
      const started = await startWith(a, def.id, me, 1);
      expect(started.body.success, JSON.stringify(started.body)).toBe(true);
      const instanceId = started.body.data.processInstanceId;
      const branches = await todoOf(instanceId);
      expect(branches.map((r: any) => r.taskName).sort()).toEqual(['右审批', '左审批']);
      if (together) {
        const both = await Promise.all(branches.map((r: any) => complete(r.taskId)));
        expect(both.map((r) => r.body.success), JSON.stringify(both.map((r) => r.body))).toEqual([true, true]);
      } else {
        const first = await complete(branches[0].taskId);
        expect(first.body.success, JSON.stringify(first.body)).toBe(true);
        expect((await todoOf(instanceId)).map((r: any) => r.taskId)).toEqual([branches[1].taskId]);
        expect(await finished(instanceId)).toBe(false);
        const second = await complete(branches[1].taskId);
        expect(second.body.success, JSON.stringify(second.body)).toBe(true);
      }
      const after = await todoOf(instanceId);
      expect(after.map((r: any) => r.taskName)).toEqual(['汇总审批']);
      expect(await finished(instanceId)).toBe(false);
      expect((await complete(after[0].taskId)).body.success).toBe(true);
      expect(await todoOf(instanceId)).toEqual([]);
      expect(await finished(instanceId)).toBe(true);
      const steps = await historyOf(instanceId);
      const ids = steps.map((x: any) => x.historyActivityId);
      expect([ids[0], ...ids.slice(1, 3).sort(), ...ids.slice(3)], JSON.stringify(steps)).toEqual(['s', 'left', 'right', 'after', 'e']);
      expect(steps.every((x: any) => x.endTime)).toBe(true);
    }
  });

  for (const [what, xml, message] of HOSTILE) {
    it(`refuses ${what} on save and on upload, saying what is wrong, and stores nothing`, async () => {
      const before = (await definitionsOf(a, '1')).length;
      const saved = await t.call({ method: 'POST', url: '/api/blade-flow/model/submit', headers: a, payload: { name: 'x', modelKey: 'x', modelEditorXml: xml } });
      expect(saved.status).toBe(400);
      expect(saved.body.msg).toMatch(message);
      const upload = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(a, [{ name: 'evil.bpmn20.xml', content: xml }], { category: 'flow_1' }) } as any);
      expect(upload.status).toBe(400);
      expect(upload.body.msg).toMatch(message);
      expect((await definitionsOf(a, '1')).length).toBe(before);
    });
  }

  it('deploys an uploaded .bpmn20.xml as shared, and checks upload names', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/blade-flow/manager/check-upload', ...multipart(a, [{ name: 'x.txt', content: 'x' }], {}) } as any);
    expect(bad.body.data).toEqual({ name: 'x.txt', success: false });
    const good = await t.call({ method: 'POST', url: '/api/blade-flow/manager/check-upload', ...multipart(a, [{ name: 'Trip.bpmn20.xml', content: 'x' }], {}) } as any);
    expect(good.body.data).toEqual({ name: 'Trip.bpmn20.xml', success: true });
    const res = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(a, [{ name: 'Trip.bpmn20.xml', content: TWO_STEP('Trip') }], { category: 'flow_1' }) } as any);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect((await definitionsOf(b, '1')).map((d) => d.key)).toContain('Trip');
  });
});

describe('tenants', () => {
  it('keeps tenant A\'s definitions, instances and tasks away from tenant B', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(a, [{ name: 'Secret.bpmn', content: TWO_STEP('Secret') }], { category: 'flow_1', tenantIds: '000000' }) } as any);
    expect(res.body.success).toBe(true);
    const def = (await definitionsOf(a, '2')).find((d) => d.key === 'Secret');
    expect((await definitionsOf(b, '2')).map((d) => d.key)).not.toContain('Secret');
    const bStart = await startWith(b, def.id, await adminUserId(TENANT_B), 1);
    expect(bStart.body).toMatchObject({ success: false, msg: '流程定义不存在' });
    expect((await t.call({ method: 'POST', url: '/api/blade-flow/manager/change-state', headers: b, query: { processId: def.id, state: 'suspend' } })).body.success).toBe(false);

    const started = await startWith(a, def.id, await adminUserId('000000'), 1);
    const instanceId = started.body.data.processInstanceId;
    const task = (await t.call({ method: 'GET', url: '/api/blade-flow/work/todo-list', headers: a })).body.data.records.find((r: any) => r.processInstanceId === instanceId);
    for (const [method, url, query] of [
      ['GET', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId }],
      ['GET', '/api/blade-flow/process/model-view', { processInstanceId: instanceId }],
      ['GET', '/api/blade-desk/process/leave/detail', { businessId: started.body.data.id }],
      ['POST', '/api/blade-flow/work/claim-task', { taskId: task.taskId }],
      ['POST', '/api/blade-flow/work/delete-task', { taskId: task.taskId }],
      ['POST', '/api/blade-flow/follow/delete-process-instance', { processInstanceId: instanceId }],
    ] as const) {
      const r = await t.call({ method, url, headers: b, query: { ...query } });
      expect(r.body.success, `${url} ${JSON.stringify(r.body)}`).toBe(false);
    }
    const completeB = await t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: b, payload: { taskId: task.taskId, flag: 'ok' } });
    expect(completeB.body.success).toBe(false);
    for (const list of ['todo', 'claim', 'send', 'done']) {
      const r = await t.call({ method: 'GET', url: `/api/blade-flow/work/${list}-list`, headers: b });
      expect(r.body.data.records.filter((x: any) => x.processInstanceId === instanceId)).toEqual([]);
    }
    expect((await t.call({ method: 'GET', url: '/api/blade-flow/follow/list', headers: b })).body.data.records.map((r: any) => r.processInstanceId)).not.toContain(instanceId);
    expect((await t.call({ method: 'GET', url: '/api/blade-flow/follow/list', headers: a })).body.data.records.map((r: any) => r.processInstanceId)).toContain(instanceId);
    expect((await t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: a, payload: { taskId: task.taskId, flag: 'ok' } })).body.success).toBe(true);
  });

  it('refuses a tenant administrator deleting, suspending or activating a shared deployment with 403 saying so, and the deployment stays as it was', async () => {
    const shared = (await definitionsOf(b, '1')).find((d) => d.key === 'Leave');
    const refused = await t.call({ method: 'POST', url: '/api/blade-flow/manager/delete-deployment', headers: b, query: { deploymentIds: shared.deploymentId } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, msg: '通用流程仅超级管理员可以删除、挂起或激活' });
    const en = await t.call({ method: 'POST', url: '/api/blade-flow/manager/delete-deployment', headers: { ...b, 'accept-language': 'en' }, query: { deploymentId: shared.deploymentId } });
    expect(en.body.msg).toBe('only the platform administrator may delete, suspend or activate a shared process');
    const suspend = await t.call({ method: 'POST', url: '/api/blade-flow/manager/change-state', headers: b, query: { processId: shared.id, state: 'suspend' } });
    expect(suspend.status).toBe(403);
    expect(suspend.body.msg).toBe('通用流程仅超级管理员可以删除、挂起或激活');
    expect((await definitionsOf(b, '1')).find((d) => d.id === shared.id)).toMatchObject({ deploymentId: shared.deploymentId, suspensionState: 1 });
    const rows = await t.services.system.database.db.selectFrom('blade_flow_definition').select('id').where('deployment_id', '=', shared.deploymentId).execute();
    expect(rows.map((r) => r.id)).toEqual([shared.id]);
    const missing = await t.call({ method: 'POST', url: '/api/blade-flow/manager/delete-deployment', headers: b, query: { deploymentIds: '1234567890123' } });
    expect(missing.body).toMatchObject({ success: false, msg: '流程定义不存在' });
  });

  it('lets only the platform administrator deploy shared processes', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(b, [{ name: 'Mine.bpmn', content: TWO_STEP('Mine') }], { category: 'flow_1', tenantIds: '000000' }) } as any);
    expect(res.body).toMatchObject({ success: false, msg: '仅超级管理员可以部署通用流程或为其他租户部署' });
    const own = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(b, [{ name: 'Mine.bpmn', content: TWO_STEP('Mine') }], { category: 'flow_1' }) } as any);
    expect(own.body.success).toBe(true);
    expect((await definitionsOf(b, '2')).map((d) => d.key)).toContain('Mine');
    expect((await definitionsOf(a, '2')).map((d) => d.key)).not.toContain('Mine');
  });
});

describe('the variables a task declares (flowable:formProperty)', () => {
  it('lets a task set only what it declares, of its type, required ones present, and never a business fact even when declared', async () => {
    const form = ['<flowable:formProperty id="amount" name="金额" type="long" required="true"/>', '<flowable:formProperty id="note" variable="days"/>',
      '<flowable:formProperty id="level" type="enum"><flowable:value id="low" name="低"/><flowable:value id="high" name="高"/></flowable:formProperty>',
      '<flowable:formProperty id="seen" type="boolean" writable="false"/>'].join('');
    const xml = withForm('Claim', form, '${amount > 1000}').replace('${days < 2}', '${amount <= 1000}');
    const res = await t.call({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(a, [{ name: 'Claim.bpmn20.xml', content: xml }], { category: 'flow_2', tenantIds: '000000' }) } as any);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const def = (await definitionsOf(a, '2')).find((d) => d.key === 'Claim');
    const me = await adminUserId('000000');
    const start = async () => {
      const started = await startWith(a, def.id, me, 1);
      expect(started.body.success, JSON.stringify(started.body)).toBe(true);
      const instanceId = started.body.data.processInstanceId as string;
      const todo = (await t.call({ method: 'GET', url: '/api/blade-flow/work/todo-list', headers: a, query: { size: '100' } })).body.data.records;
      return { instanceId, taskId: todo.find((r: any) => r.processInstanceId === instanceId).taskId as string };
    };
    const complete = (taskId: string, variables?: unknown) => t.call({ method: 'POST', url: '/api/blade-flow/work/complete-task', headers: a, payload: { taskId, flag: 'ok', variables } });
    const steps = async (instanceId: string) => (await t.call({ method: 'GET', url: '/api/blade-flow/process/history-flow-list', headers: a, query: { processInstanceId: instanceId } }))
      .body.data.map((s: any) => s.historyActivityId);

    const big = await start();
    for (const [variables, msg] of [
      [undefined, '缺少必填变量: amount'],
      [{ amount: 'lots' }, '变量 amount 应为整数'],
      [{ amount: 2 ** 53 }, '变量 amount 应为整数'],
      [{ amount: 5000, level: 'top' }, '变量 level 应为以下之一: low, high'],
      [{ amount: 5000, note: 0 }, '变量 note 来自业务数据,办理任务时不能修改'],
      [{ amount: 5000, seen: true }, '变量 seen 只读,办理任务时不能设置'],
      [{ amount: 5000, other: 1 }, '任务「主管审批」不接受变量 other,可设置的变量: pass, amount, level'],
    ] as [unknown, string][]) {
      const refused = await complete(big.taskId, variables);
      expect(refused.status, msg).toBe(400);
      expect(refused.body).toMatchObject({ success: false, msg });
    }
    expect(await steps(big.instanceId)).toEqual(['s', 'first']);
    expect((await complete(big.taskId, { amount: 5000, level: 'high', pass: true })).body.success).toBe(true);
    expect(await steps(big.instanceId)).toEqual(['s', 'first', 'second']);

    const small = await start();
    expect((await complete(small.taskId, { amount: '20' })).body.success).toBe(true);
    expect(await steps(small.instanceId)).toEqual(['s', 'first', 'e']);
  });
});

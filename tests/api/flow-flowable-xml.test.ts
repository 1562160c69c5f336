import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A process as BladeX's Flowable modeler writes it (the Flowable namespace, `flowable:` attributes,
 * listeners by expression and class, `${}` over process variables, a parallel split and join,
 * candidate users, the initiator): it deploys, the listeners are kept in the stored XML and named
 * in the answer, and it runs unchanged.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const userIds: Record<string, string> = {};

const get = (who: string, url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url, headers: headers[who], query });
const post = (who: string, url: string, opts: { query?: Record<string, string>; payload?: unknown } = {}) => t.call({ method: 'POST', url, headers: headers[who], ...opts } as any);

const FLOWABLE_XML = (key: string, bossId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI"
  typeLanguage="http://www.w3.org/2001/XMLSchema" expressionLanguage="http://www.w3.org/1999/XPath" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="采购审批 ${key}" isExecutable="true">
    <documentation>采购申请</documentation>
    <extensionElements>
      <flowable:executionListener event="end" expression="\${processEndListener.notify(execution)}"/>
    </extensionElements>
    <startEvent id="start" name="开始" flowable:initiator="applyUser" flowable:formFieldValidation="true"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="leader"/>
    <userTask id="leader" name="主管审批" flowable:assignee="\${taskUser}" flowable:formFieldValidation="true">
      <extensionElements>
        <flowable:taskListener event="create" class="org.springblade.flow.engine.listener.TaskCreateListener"/>
        <flowable:formProperty id="pass" name="是否同意" type="boolean" required="true"/>
        <modeler:initiator-can-complete xmlns:modeler="http://flowable.org/modeler"><![CDATA[false]]></modeler:initiator-can-complete>
      </extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="leader" targetRef="decide"/>
    <exclusiveGateway id="decide" name="是否同意"/>
    <sequenceFlow id="yes" name="同意" sourceRef="decide" targetRef="fork"><conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression></sequenceFlow>
    <sequenceFlow id="no" name="驳回" sourceRef="decide" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression></sequenceFlow>
    <parallelGateway id="fork"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="finance"/>
    <sequenceFlow id="f4" sourceRef="fork" targetRef="hrCheck"/>
    <userTask id="finance" name="财务审批" flowable:candidateUsers="${bossId}"/>
    <userTask id="hrCheck" name="人事审批" flowable:candidateGroups="hr"/>
    <sequenceFlow id="f5" sourceRef="finance" targetRef="join"/>
    <sequenceFlow id="f6" sourceRef="hrCheck" targetRef="join"/>
    <parallelGateway id="join"/>
    <sequenceFlow id="f7" sourceRef="join" targetRef="confirm"/>
    <userTask id="confirm" name="申请人确认" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f8" sourceRef="confirm" targetRef="end"/>
    <endEvent id="end" name="结束"/>
    <endEvent id="rejected" name="已驳回"/>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${key}">
    <bpmndi:BPMNPlane bpmnElement="${key}" id="BPMNPlane_${key}">
      <bpmndi:BPMNShape bpmnElement="start" id="BPMNShape_start"><omgdc:Bounds height="30.0" width="30.0" x="100.0" y="163.0"/></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

function multipart(auth: Record<string, string>, file: { name: string; content: string }, fields: Record<string, string>) {
  const boundary = '----flowable';
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

async function start(definition: string, approver: string) {
  const res = await post('admin', '/api/blade-desk/process/leave/start-process', {
    payload: { processDefinitionId: definition, taskUser: approver, startTime: '2026-03-02 09:00:00', endTime: '2026-03-04 09:00:00', reason: '采购' },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.processInstanceId as string;
}

async function taskOf(who: string, list: 'todo' | 'claim', instanceId: string) {
  const res = await get(who, `/api/blade-flow/work/${list}-list`, { size: '100' });
  return res.body.data.records.find((r: any) => r.processInstanceId === instanceId);
}

const complete = (who: string, taskId: string, pass = true) => post(who, '/api/blade-flow/work/complete-task', { payload: { taskId, flag: pass ? 'ok' : 'no', variables: { pass } } });

beforeAll(async () => {
  t = await startTestApp();
  headers.admin = await t.login();
  for (const who of ['hr', 'manager', 'boss']) headers[who] = await t.login({ username: who, password: '123456' });
  for (const u of await t.services.system.database.db.selectFrom('blade_user').select(['id', 'account']).execute()) userIds[u.account] = String(u.id);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('a Flowable .bpmn20.xml as BladeX writes it', () => {
  it('deploys, keeping its listeners in the stored XML and naming them in the answer, in zh and en', async () => {
    const xml = FLOWABLE_XML('Purchase', userIds.boss);
    const res = await deploy('Purchase', xml);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.msg).toMatch(/^部署成功。以下扩展已保留在流程文件中,但不会执行: /);
    expect(res.body.msg).toContain('executionListener (end, ${processEndListener.notify(execution)})');
    expect(res.body.msg).toContain('taskListener (create, org.springblade.flow.engine.listener.TaskCreateListener)');
    expect(res.body.data.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^startEvent start flowable:formFieldValidation$/)]));
    const stored = await t.app.inject({ method: 'GET', url: '/api/blade-flow/process/resource-view', headers: headers.admin, query: { processDefinitionId: await definitionId('Purchase'), resourceType: 'xml' } });
    expect(stored.payload).toBe(xml);
    const en = await deploy('Purchase', xml, 'en');
    expect(en.body.msg).toMatch(/^Deployed\. These extensions are kept in the process file but not run: .*taskListener/);
  });

  it('runs unchanged: ${taskUser}, the parallel split to a candidate user and a candidate role, the join, and the initiator as the last assignee', async () => {
    const instanceId = await start(await definitionId('Purchase'), userIds.manager);
    const leader = await taskOf('manager', 'todo', instanceId);
    expect(leader).toMatchObject({ taskName: '主管审批' });
    expect((await complete('manager', leader.taskId)).body.success).toBe(true);

    // 财务审批 is offered to the boss alone (a candidate user), 人事审批 to the hr role.
    const finance = await taskOf('boss', 'claim', instanceId);
    expect(finance).toMatchObject({ taskName: '财务审批' });
    expect(await taskOf('hr', 'claim', instanceId)).toMatchObject({ taskName: '人事审批' });
    expect(await taskOf('manager', 'claim', instanceId)).toBeUndefined();
    const stolen = await post('manager', '/api/blade-flow/work/claim-task', { query: { taskId: finance.taskId } });
    expect(stolen.body.success).toBe(false);
    for (const [who, task] of [['boss', finance], ['hr', await taskOf('hr', 'claim', instanceId)]] as const) {
      expect((await post(who, '/api/blade-flow/work/claim-task', { query: { taskId: task.taskId } })).body.success).toBe(true);
      expect((await complete(who, task.taskId)).body.success).toBe(true);
    }

    // flowable:initiator="applyUser": the starter (admin) confirms.
    const confirm = await taskOf('admin', 'todo', instanceId);
    expect(confirm).toMatchObject({ taskName: '申请人确认' });
    expect((await complete('admin', confirm.taskId)).body.success).toBe(true);
    const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data;
    expect(steps.map((s: any) => s.historyActivityName)).toEqual(expect.arrayContaining(['开始', '主管审批', '财务审批', '人事审批', '申请人确认', '结束']));
  });

  it('takes the rejected branch on ${!pass}', async () => {
    const instanceId = await start(await definitionId('Purchase'), userIds.manager);
    const leader = await taskOf('manager', 'todo', instanceId);
    expect((await complete('manager', leader.taskId, false)).body.success).toBe(true);
    const steps = (await get('admin', '/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).body.data;
    expect(steps.map((s: any) => s.historyActivityName)).toContain('已驳回');
    expect(await taskOf('boss', 'claim', instanceId)).toBeUndefined();
  });

  it('keeps a camunda execution listener with a class and a listener inside a form property, names both and runs neither', async () => {
    const xml = FLOWABLE_XML('Kept', userIds.boss)
      .replace('<flowable:formProperty id="pass" name="是否同意" type="boolean" required="true"/>',
        '<flowable:formProperty id="pass" name="是否同意" type="boolean" required="true"><flowable:executionListener event="start" expression="${x.y()}"/></flowable:formProperty>')
      .replace('xmlns:flowable="http://flowable.org/bpmn"', 'xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"')
      .replace('<endEvent id="end" name="结束"/>', '<endEvent id="end" name="结束"><extensionElements><camunda:executionListener event="start" class="java.lang.Runtime"/></extensionElements></endEvent>');
    const res = await deploy('Kept', xml);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data.warnings).toEqual(expect.arrayContaining(['executionListener (start, ${x.y()})', 'executionListener (start, java.lang.Runtime)']));
    const instanceId = await start(await definitionId('Kept'), userIds.manager);
    expect((await complete('manager', (await taskOf('manager', 'todo', instanceId)).taskId, false)).body.success).toBe(true);
  });

  it('refuses, naming the task, a user task nobody can ever receive', async () => {
    const xml = FLOWABLE_XML('Nobody', userIds.boss).replace(' flowable:candidateGroups="hr"', '');
    const res = await deploy('Nobody', xml);
    expect(res.body).toMatchObject({ success: false, msg: '用户任务「人事审批」没有办理人:请设置办理人、候选人或候选角色' });
    const en = await deploy('Nobody', xml, 'en');
    expect(en.body.msg).toBe('the user task "人事审批" has nobody to do it: set an assignee, candidate users or candidate roles');
  });

  it('still refuses what would run code: a class on a user task, a script, and an initiator that is not a name', async () => {
    const withClass = FLOWABLE_XML('Code1', userIds.boss).replace('<userTask id="hrCheck"', '<userTask id="hrCheck" flowable:class="java.lang.Runtime"');
    expect((await deploy('Code1', withClass)).body.msg).toMatch(/不支持的流程属性: userTask hrCheck flowable:class/);
    const withScript = FLOWABLE_XML('Code2', userIds.boss).replace('<endEvent id="end" name="结束"/>', '<endEvent id="end" name="结束"/><scriptTask id="sc" scriptFormat="groovy"><script>1</script></scriptTask>');
    expect((await deploy('Code2', withScript)).body.msg).toMatch(/流程不允许包含脚本/);
    const badInitiator = FLOWABLE_XML('Code3', userIds.boss).replace('flowable:initiator="applyUser"', 'flowable:initiator="${x}"');
    expect((await deploy('Code3', badInitiator)).body.msg).toMatch(/不支持的流程属性: startEvent initiator/);
  });
});

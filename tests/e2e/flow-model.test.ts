import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { WorkDesk } from './pages/work-pages.js';

/** A BPMN file as a modeler would export it: start → user task (camunda assignee) → end. */
function bpmnFile(key: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://atrium/e2e">
  <process id="${key}" name="上传的流程" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批" camunda:candidateGroups="hr" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

describe('workflow models and deployments in the browser', () => {
  let browser: Browser;
  let admin: WorkDesk;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await WorkDesk.signIn(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Deployed as 报销流程 (category 2): the leave tests pick 请假流程 definitions by their key anyway.
  it('draws a process in the modeler, shows the server refusing a script task, saves it as a user task and deploys it', async () => {
    const { page } = admin;
    const key = `e2e_model_${Date.now()}`;
    await admin.openFlow('model');
    await page.locator('#toolbar_create').click();
    await page.locator('#flow_model_modelKey').fill(key);
    await page.locator('#flow_model_name').fill('模型冒烟');
    const canvas = page.getByTestId('bpmn-modeler');
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await page.locator('.djs-context-pad .entry[data-action="append.append-task"]').click();
    await page.locator('.djs-context-pad .entry[data-action="append.end-event"]').waitFor();
    // The new task is selected: turn it into a script task, which the server must refuse.
    const task = canvas.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first();
    const taskId = await task.getAttribute('data-element-id');
    await page.locator('.djs-context-pad .entry[data-action="append.end-event"]').click();
    await canvas.locator(`[data-element-id="${taskId}"]`).click();
    await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-script-task"]').click();
    await page.locator('#flow_modeler_dialog_submit').click();
    const problem = page.locator('#flow_modeler_problem');
    await problem.waitFor();
    expect((await problem.innerText()).length).toBeGreaterThan(0);

    // Select another shape first: clicking the selected task again would not reopen its pad.
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await canvas.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first().click();
    await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    // Deploy refuses a user task nobody can receive: the properties panel offers it to the hr role.
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await canvas.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first().click();
    await page.locator('#flow_properties').getByText('候选角色').first().waitFor();
    await page.locator('#flow_prop_candidate_groups').fill('hr');
    await page.locator('#flow_prop_candidate_groups').press('Tab');
    await page.locator('#flow_modeler_dialog_submit').click();
    await admin.expectText('保存成功');
    await page.locator('#flow_modeler_dialog').waitFor({ state: 'detached' });
    await admin.list.row(key).waitFor();

    await admin.list.row(key).locator('[data-action="deploy"]').click();
    await page.locator('#flow_deploy_dialog_submit').click();
    await admin.expectText('清先选择流程类型');
    await admin.pick('flow_deploy_category', '[data-category="2"]');
    await page.locator('#flow_deploy_dialog_submit').click();
    await page.locator('#flow_deploy_dialog').waitFor({ state: 'detached' });
    const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const models = await api.get<{ records: { id: string }[] }>('/blade-flow/model/list', { modelKey: key });
    const saved = (await api.get<{ modelEditorXml: string }>('/blade-flow/model/detail', { id: models.records[0].id })).modelEditorXml;
    expect(saved).toMatch(/<bpmn:userTask id="Activity_\w+" flowable:candidateGroups="hr"/);
    expect(saved).toContain('xmlns:flowable="http://flowable.org/bpmn"');

    await admin.openFlow('manager');
    await admin.list.search('key', key);
    await admin.list.row(key).waitFor();
    await admin.list.row(key).locator('[data-action="image"]').click();
    await page.locator('#flow_diagram_dialog [data-testid="bpmn-diagram"] .djs-element[data-element-id="StartEvent_1"]').waitFor();
    await page.locator('#flow_diagram_dialog_cancel').click();
  });

  it('deploys an uploaded .bpmn20.xml file and refuses another kind of file', async () => {
    const { page } = admin;
    const key = `e2e_upload_${Date.now()}`;
    await admin.openFlow('deploy');
    await admin.pick('flow_deploy_category', '[data-category="2"]');
    await page.locator('#flow_deploy_file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.locator('#flow_deploy_submit').click();
    await admin.expectText('请上传 bpmn20.xml 标准格式文件');

    await page.locator('#flow_deploy_file').setInputFiles({ name: `${key}.bpmn20.xml`, mimeType: 'text/xml', buffer: Buffer.from(bpmnFile(key)) });
    await expect.poll(() => page.locator('#flow_deploy_file_name').innerText()).toBe(`${key}.bpmn20.xml`);
    await page.locator('#flow_deploy_submit').click();
    await admin.expectText('操作成功');

    await admin.openFlow('manager');
    await admin.list.search('key', key);
    await admin.list.row(key).getByText('激活').waitFor();
  });

  it('流程跟踪 ends a running instance with a reason, and its task leaves the approver\'s list', async () => {
    const { page } = admin;
    await admin.fileLeave({ approver: 'boss', startTime: '2031-03-03 09:00:00', endTime: '2031-03-04 09:00:00', reason: '跟踪删除' });
    const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const sent = await api.get<{ records: { processInstanceId: string; createTime: string }[] }>('/blade-flow/work/send-list', { size: '200' });
    const instanceId = [...sent.records].sort((a, b) => b.createTime.localeCompare(a.createTime))[0].processInstanceId;

    await admin.openFlow('follow');
    await admin.list.search('processInstanceId', instanceId);
    await admin.list.row(instanceId).locator('[data-action="delete"]').click();
    await page.locator('#flow_delete_dialog_submit').click();
    await admin.expectText('请输入删除理由');
    await page.locator('#flow_delete_reason').fill('重复提交');
    await page.locator('#flow_delete_dialog_submit').click();
    await page.locator('#flow_delete_dialog').waitFor({ state: 'detached' });
    await admin.list.row(instanceId).waitFor({ state: 'detached' });

    const boss = await ApiClient.signIn({ username: 'boss', password: '123456' });
    const todo = await boss.get<{ records: { processInstanceId: string }[] }>('/blade-flow/work/todo-list', { size: '200' });
    expect(todo.records.map((r) => r.processInstanceId)).not.toContain(instanceId);
  });
});

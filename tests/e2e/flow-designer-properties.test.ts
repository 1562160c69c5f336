import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { WorkDesk } from './pages/work-pages.js';

describe('the designer properties panel', () => {
  let browser: Browser;
  let admin: WorkDesk;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await WorkDesk.signIn(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('writes a user picked as assignee, a picked candidate role, due date, a task variable and a built condition as flowable: attributes, with Chinese labels', async () => {
    const { page } = admin;
    const key = `e2e_designer_${Date.now()}`;
    await admin.openFlow('model');
    await page.locator('#toolbar_create').click();
    await page.locator('#flow_model_modelKey').fill(key);
    await page.locator('#flow_model_name').fill('属性面板');
    const canvas = page.getByTestId('bpmn-modeler');
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await page.locator('.djs-context-pad .entry[data-action="append.append-task"]').click();
    const task = canvas.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first();
    const taskId = (await task.getAttribute('data-element-id'))!;
    await page.locator('.djs-context-pad .entry[data-action="append.end-event"]').click();
    await canvas.locator(`[data-element-id="${taskId}"]`).click();
    await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await canvas.locator(`[data-element-id="${taskId}"]`).click();

    const panel = page.locator('#flow_properties');
    await panel.getByText('办理人').first().waitFor();
    await admin.pick('flow_prop_assignee_mode', '[data-mode="user"]');
    await admin.pick('flow_prop_assignee_user', '[data-account="admin"]');
    await admin.pick('flow_prop_candidate_groups_pick', '[data-value="hr"]');
    // 会签 is drawn (its labels below) but not saved here: tests/api/flow-countersign.test.ts runs it.
    await page.locator('#flow_prop_due_date').fill('P2D');
    await page.locator('#flow_prop_due_date').press('Tab');
    await page.locator('#flow_prop_add_variable').click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '/work/notes/shots/designer-task-1440.png' });
    for (const label of ['候选角色', '会签', '不会签', '到期时间', '任务可设置的变量']) await panel.getByText(label).first().waitFor();

    // The flow from the start to the task: its condition built as variable / operator / value.
    const flow = canvas.locator('.djs-connection[data-element-id^="Flow_"]').first();
    // A straight flow's box has no height, so Playwright calls it invisible: click its middle.
    const box = (await flow.locator('.djs-hit').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('#flow_prop_cond_variable').fill('days');
    await page.locator('#flow_prop_cond_variable').press('Tab');
    await page.locator('#flow_prop_cond_value').fill('3');
    await page.locator('#flow_prop_cond_value').press('Tab');
    await page.setViewportSize({ width: 768, height: 900 });
    await page.screenshot({ path: '/work/notes/shots/designer-flow-768.png', fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('#flow_modeler_dialog_submit').click();
    await admin.expectText('保存成功');

    const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    const models = await api.get<{ records: { id: string }[] }>('/blade-flow/model/list', { modelKey: key });
    const xml = (await api.get<{ modelEditorXml: string }>('/blade-flow/model/detail', { id: models.records[0].id })).modelEditorXml;
    const users = await api.get<{ id: string; account: string }[]>('/blade-user/user-list');
    const adminId = users.find((u) => u.account === 'admin')!.id;
    const userTask = new RegExp(`<bpmn:userTask id="${taskId}"[^>]*>`).exec(xml)![0];
    expect(userTask).toContain(`flowable:assignee="${adminId}"`);
    expect(userTask).toContain('flowable:candidateGroups="hr"');
    expect(userTask).toContain('flowable:dueDate="P2D"');
    expect(xml).toMatch(/<flowable:formProperty id="var1" type="string" \/>/);
    expect(xml).toMatch(/<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{days &gt; 3\}<\/bpmn:conditionExpression>/);
  });
});

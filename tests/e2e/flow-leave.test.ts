import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { WorkDesk } from './pages/work-pages.js';

// The seeded leave process: the approver picked in the form → HR (role hr) claims and
// approves → boss when days > 3; a rejection ends it. Two days here: no boss step.
// Each test uses its own approver so the first row of a list is the request at hand.
// Four people sign in one after another: the longer timeouts are for a loaded machine.
const TWO_DAYS = { startTime: '2031-02-03 09:00:00', endTime: '2031-02-05 09:00:00' };

describe('leave approval in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an employee files a leave; the approver and HR approve it; the employee sees it finished with its history and diagram', async () => {
    const employee = await WorkDesk.signIn(browser);
    const reason = `家中有事 ${Date.now()}`;
    await employee.fileLeave({ approver: 'manager', ...TWO_DAYS, reason });

    const approver = await WorkDesk.signIn(browser, 'manager');
    await approver.openWork('todo');
    await approver.firstRowAction('handle');
    await approver.page.waitForURL('**/work/process/leave/handle/**');
    await expect.poll(() => approver.page.locator('#leave_reason').inputValue()).toBe(reason);
    expect(await approver.page.locator('#leave_comment').inputValue()).toBe('同意');
    await approver.decide('agree', '同意,早去早回');

    // Done for the approver: the detail shows the HR step as the running one on the diagram.
    await approver.openWork('done');
    await approver.firstRowAction('detail');
    await approver.page.waitForURL('**/work/process/leave/detail/**');
    await expect.poll(() => approver.history().innerText()).toContain('同意,早去早回');
    await approver.diagram().locator('.djs-element.highlight-current').first().waitFor();
    await approver.close();

    const hr = await WorkDesk.signIn(browser, 'hr');
    await hr.openWork('claim');
    await hr.firstRowAction('sign');
    await hr.expectText('确定签收此任务?');
    await hr.page.locator('#confirm_ok').click();
    await hr.expectText('操作成功');
    await hr.openWork('todo');
    await hr.firstRowAction('handle');
    await hr.page.waitForURL('**/work/process/leave/handle/**');
    await hr.decide('agree', '人事已备案');
    await hr.close();

    await employee.openWork('send');
    await employee.rows().first().getByText('已完成').waitFor();
    await employee.firstRowAction('detail');
    await employee.page.waitForURL('**/work/process/leave/detail/**');
    await expect.poll(() => employee.page.locator('#leave_reason').inputValue()).toBe(reason);
    const history = await employee.history().innerText();
    expect(history).toContain('同意,早去早回');
    expect(history).toContain('人事已备案');
    await employee.diagram().locator('.djs-element.highlight-done').first().waitFor();
    expect(await employee.diagram().locator('.djs-element.highlight-current').count()).toBe(0);
    await employee.close();
  }, 240_000);

  it('a rejection by the approver ends the request, and the employee sees the reason', async () => {
    const employee = await WorkDesk.signIn(browser);
    await employee.fileLeave({ approver: 'boss', ...TWO_DAYS, reason: `驳回测试 ${Date.now()}` });

    const approver = await WorkDesk.signIn(browser, 'boss');
    await approver.openWork('todo');
    await approver.firstRowAction('handle');
    await approver.page.waitForURL('**/work/process/leave/handle/**');
    await approver.page.locator('#leave_comment').fill('');
    await approver.page.locator('#leave_reject').click();
    await approver.expectText('请先填写批复意见');
    await approver.decide('reject', '项目上线期间不批');
    await approver.close();

    await employee.openWork('send');
    await employee.rows().first().getByText('已完成').waitFor();
    await employee.firstRowAction('detail');
    await expect.poll(() => employee.history().innerText()).toContain('项目上线期间不批');
    await employee.close();
  }, 180_000);

  it('a suspended definition refuses new leave requests with the message, and starts again once active', async () => {
    const admin = await WorkDesk.signIn(browser);
    await admin.openWork('start');
    await admin.leaveDefinitionRow().locator('[data-action="start"]').click();
    await admin.page.waitForURL('**/work/process/leave/form/**');
    const formUrl = new URL(admin.page.url()).pathname;

    const setState = async (state: 'active' | 'suspend', label: string) => {
      await admin.openFlow('manager');
      await admin.leaveDefinitionRow().locator('[data-action="state"]').click();
      await admin.pick('flow_state', `[data-state="${state}"]`);
      await admin.page.locator('#flow_state_dialog_submit').click();
      await admin.leaveDefinitionRow().getByText(label).waitFor();
    };
    await setState('suspend', '挂起');
    try {
      await admin.page.goto(formUrl);
      await admin.fillLeave({ approver: 'manager', ...TWO_DAYS, reason: '挂起后发起' });
      await admin.page.locator('#leave_submit').click();
      await admin.expectText('流程已挂起,无法启动');
      expect(new URL(admin.page.url()).pathname).toBe(formUrl);
    } finally {
      await setState('active', '激活');
    }
    await admin.close();
  });
});

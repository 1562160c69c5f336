import type { Browser, Locator, Page } from 'playwright-core';
import { newPage } from '../support/browser.js';
import { ListPage } from './list-page.js';
import { LoginPage } from './login-page.js';

/** The demo accounts' password (bladex-backend §8, src/server/seed/data/demo-accounts.ts). */
export const DEMO_PASSWORD = '123456';

export type WorkList = 'start' | 'claim' | 'todo' | 'send' | 'done';

/** One signed-in person working in 我的事务 and 流程管理. */
export class WorkDesk {
  readonly list: ListPage;

  private constructor(readonly page: Page) {
    this.list = new ListPage(page);
  }

  /** A fresh browser context signed in as `account` (the administrator when omitted). */
  static async signIn(browser: Browser, account?: string): Promise<WorkDesk> {
    const page = await newPage(browser);
    const login = new LoginPage(page);
    if (!account) await login.signInAsAdmin();
    else {
      await login.open();
      await login.signIn({ username: account, password: DEMO_PASSWORD });
      await page.waitForURL('**/wel/index');
    }
    return new WorkDesk(page);
  }

  async openWork(kind: WorkList): Promise<void> {
    await this.list.openFromMenu('/work', `/work/${kind}`);
  }

  async openFlow(screen: 'model' | 'deploy' | 'manager' | 'follow'): Promise<void> {
    if (screen === 'deploy') {
      const item = this.page.locator('[data-menu-path="/flow/deploy/index"]');
      if (!(await item.isVisible())) await this.page.locator('[data-menu-path="/flow"]').click();
      await item.click();
      await this.page.waitForURL('**/flow/deploy/index');
      return;
    }
    await this.list.openFromMenu('/flow', `/flow/${screen}`);
  }

  rows(): Locator {
    return this.list.rows().filter({ hasNot: this.page.getByText('暂无数据') });
  }

  /** The row of the seeded leave definition (key `Leave`) in 发起事务 or 流程管理. */
  leaveDefinitionRow(): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: 'Leave', exact: true }) }).first();
  }

  /** The first row's button `action` (lists are newest first). */
  async firstRowAction(action: string): Promise<void> {
    await this.rows().first().locator(`[data-action="${action}"]`).click();
  }

  async expectText(text: string, timeout = 10_000): Promise<void> {
    await this.page.getByText(text, { exact: false }).first().waitFor({ timeout });
  }

  /** Picks an option of a MUI select by its `data-*` attribute. */
  async pick(selectId: string, option: string): Promise<void> {
    await this.page.locator(`#${selectId}`).click();
    await this.page.locator(`li${option}`).click();
  }

  /** 发起 on the leave definition of 发起事务, then the form filled and sent. */
  async fileLeave(input: { approver: string; startTime: string; endTime: string; reason: string }): Promise<string> {
    await this.openWork('start');
    await this.leaveDefinitionRow().locator('[data-action="start"]').click();
    await this.page.waitForURL('**/work/process/leave/form/**');
    const url = this.page.url();
    await this.fillLeave(input);
    await this.page.locator('#leave_submit').click();
    await this.page.waitForURL('**/work/start/index');
    return url;
  }

  async fillLeave(input: { approver: string; startTime: string; endTime: string; reason: string }): Promise<void> {
    await this.pick('leave_taskUser', `[data-account="${input.approver}"]`);
    await this.page.locator('#leave_startTime').fill(input.startTime);
    await this.page.locator('#leave_endTime').fill(input.endTime);
    await this.page.locator('#leave_reason').fill(input.reason);
  }

  /** On the handle screen: the comment, then 同意 or 驳回; back on 待办. */
  async decide(decision: 'agree' | 'reject', comment: string): Promise<void> {
    await this.page.locator('#leave_comment').fill(comment);
    await this.page.locator(`#leave_${decision}`).click();
    await this.page.waitForURL('**/work/todo/index');
  }

  history(): Locator {
    return this.page.locator('#leave_history');
  }

  diagram(): Locator {
    return this.page.getByTestId('bpmn-diagram');
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

import type { Page } from 'playwright-core';

/** 账号注册: the guest registration dialog after a first third-party sign-in. */
export class RegisterDialog {
  constructor(private readonly page: Page) {}

  async waitOpen(): Promise<void> {
    await this.page.locator('#register_dialog').waitFor({ timeout: 20_000 });
  }

  async fill(values: { tenantId: string; name: string; account: string; password: string; password2: string }): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.page.locator(`#register_${name}`).fill(value);
  }

  async submit(): Promise<void> {
    await this.page.locator('#register_submit').click();
  }

  /** The 注册申请已提交… notice, accepted. */
  async acceptSubmitted(): Promise<string> {
    const done = this.page.locator('#register_done');
    await done.waitFor();
    const text = (await done.textContent()) ?? '';
    await this.page.locator('#register_done_ok').click();
    return text;
  }
}

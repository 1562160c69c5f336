import type { Page } from 'playwright-core';

/** The sign-in screen. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await this.page.locator('#login-username').waitFor();
  }

  async signIn(opts: { tenantId?: string; username?: string; password: string }): Promise<void> {
    await this.page.locator('#login-tenantId').fill(opts.tenantId ?? '000000');
    await this.page.locator('#login-username').fill(opts.username ?? 'admin');
    await this.page.locator('#login-password').fill(opts.password);
    await this.page.locator('#login-password').press('Enter');
  }

  /** Signs in as the seeded administrator and waits for the home page. */
  async signInAsAdmin(): Promise<void> {
    await this.open();
    await this.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
    await this.page.waitForURL('**/wel/index');
  }
}

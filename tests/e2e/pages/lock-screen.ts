import type { Page } from 'playwright-core';

/** The lock dialog of the top bar and the /lock page. */
export class LockScreen {
  constructor(private readonly page: Page) {}

  /** Sets the lock password in the dialog and waits for /lock. */
  async lock(password: string): Promise<void> {
    await this.page.locator('#top_lock').click();
    await this.page.locator('#lock_dialog_password').fill(password);
    await this.page.locator('#lock_dialog_submit').click();
    await this.page.waitForURL('**/lock');
  }

  async unlock(password: string): Promise<void> {
    await this.page.locator('#lock_password').fill(password);
    await this.page.locator('#lock_submit').click();
  }

  async isShown(): Promise<boolean> {
    return this.page.getByTestId('lock-page').isVisible();
  }
}

import type { Locator, Page } from 'playwright-core';

/** The add/edit/view form dialog and the confirmation dialog. */
export class DialogPage {
  /** `scope` is 'child_' for the form of a child-list dialog. */
  constructor(private readonly page: Page, private readonly scope = '') {}

  field(name: string): Locator {
    return this.page.locator(`#root_${name}`);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      await this.field(name).fill(value);
      await this.field(name).blur();
    }
  }

  async submit(): Promise<void> {
    await this.page.locator(`#${this.scope}form_submit`).click();
  }

  async confirm(): Promise<void> {
    await this.page.locator('#confirm_ok').click();
  }

  /** Waits for a message (toast, field error) anywhere on the page. */
  async expectText(text: string): Promise<void> {
    await this.page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
  }
}

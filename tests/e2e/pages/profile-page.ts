import type { Locator, Page } from 'playwright-core';

/** /info/index: the personal info and password tabs. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/info/index');
    await this.field('phone').waitFor();
  }

  field(name: 'realName' | 'name' | 'phone' | 'email'): Locator {
    return this.page.locator(`#info_${name}`);
  }

  passwordField(name: 'oldPassword' | 'newPassword' | 'newPassword1'): Locator {
    return this.page.locator(`#password_${name}`);
  }

  async setPhone(value: string): Promise<void> {
    await this.field('phone').fill(value);
    await this.field('phone').blur();
  }

  async chooseAvatar(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.locator('#info_avatar_file').setInputFiles(file);
  }

  async save(): Promise<void> {
    await this.page.locator('#info_submit').click();
  }

  async openPasswordTab(): Promise<void> {
    await this.page.locator('#info_tab_password').click();
    await this.passwordField('oldPassword').waitFor();
  }

  async savePassword(): Promise<void> {
    await this.page.locator('#password_submit').click();
  }
}

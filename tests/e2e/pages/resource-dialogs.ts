import type { Locator, Page } from 'playwright-core';

/** A tiny valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The resource screens' own dialogs: OSS 调试, SMS 调试, attachment 上 传. */
export class ResourceDialogs {
  constructor(private readonly page: Page) {}

  private id(name: string): Locator {
    return this.page.locator(`#${name}`);
  }

  /** OSS 调试: uploads a picture; answers the shown '获取到图片地址:…' line. */
  async ossDebugUpload(file: { name: string; buffer: Buffer }): Promise<Locator> {
    await this.id('oss_debug_dialog').waitFor();
    await this.id('oss_debug_file').setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
    const link = this.id('oss_debug_link');
    await link.waitFor();
    return link;
  }

  async ossDebugSubmit(): Promise<void> {
    await this.id('oss_debug_submit').click();
  }

  async close(dialog: string): Promise<void> {
    await this.id(`${dialog}_cancel`).click();
    await this.id(dialog).waitFor({ state: 'detached' });
  }

  /** SMS 调试: fills phones and params, then 发送. */
  async smsDebugSend(input: { phones: string; params?: string }): Promise<void> {
    await this.id('sms_debug_dialog').waitFor();
    await this.id('sms_debug_phones').fill(input.phones);
    if (input.params !== undefined) await this.id('sms_debug_params').fill(input.params);
    await this.id('sms_debug_submit').click();
  }

  /** 附件管理: picks a file (uploaded at once); the dialog closes on success. */
  async attachUpload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.id('attach_upload_dialog').waitFor();
    await this.id('attach_upload_file').setInputFiles(file);
    await this.id('attach_upload_dialog').waitFor({ state: 'detached' });
  }
}

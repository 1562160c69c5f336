import type { Locator, Page } from 'playwright-core';

/** The notice add/edit/view form: dict select, date-time picker and the rich-text editor. */
export class NoticeForm {
  constructor(private readonly page: Page) {}

  field(name: 'title' | 'category' | 'releaseTime' | 'content'): Locator {
    return this.page.locator(`#root_${name}`);
  }

  async fillTitle(title: string): Promise<void> {
    await this.field('title').fill(title);
  }

  /** Opens the dictionary select and picks an entry by its label. */
  async chooseCategory(label: string): Promise<void> {
    await this.field('category').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await this.page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** `value` as the picker shows it: YYYY-MM-DD HH:mm:ss. */
  async fillReleaseTime(value: string): Promise<void> {
    await this.field('releaseTime').fill(value);
    await this.field('releaseTime').blur();
  }

  /** Types plain text, then a bold run switched on and off through the toolbar. */
  async typeContent(plain: string, bold: string): Promise<void> {
    const editor = this.field('content');
    await editor.click();
    await editor.pressSequentially(plain);
    await this.boldButton().click();
    await editor.pressSequentially(bold);
    await this.boldButton().click();
  }

  /** Picks a picture with the toolbar's picture button (its hidden file input) and waits for the upload. */
  async insertPicture(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const upload = this.page.waitForResponse((res) => res.url().includes('/oss/endpoint/put-file'));
    await this.page.locator('input[type="file"][accept^="image"]').setInputFiles(file);
    await upload;
  }

  boldButton(): Locator {
    // The toolbar buttons carry their translated name (icons have no test ids in production builds).
    return this.page.locator('button[aria-label="加粗"], button[aria-label="bold"]').first();
  }
}

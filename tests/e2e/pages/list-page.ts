import type { Locator, Page } from 'playwright-core';
import { Sidebar } from './sidebar.js';

/** Any ResourcePage list; `scope` is 'child_' inside a child-list dialog. */
export class ListPage {
  constructor(private readonly page: Page, private readonly scope = '') {}

  private id(name: string): Locator {
    return this.page.locator(`#${this.scope}${name}`);
  }

  /** Opens a list screen through the sidebar (see Sidebar.open) and waits for its table. */
  async openFromMenu(groupPath: string, screenPath: string): Promise<void> {
    await new Sidebar(this.page).open(groupPath, screenPath);
    // Navigations run in a transition: the previous screen (with its own table and add
    // button) stays on screen until the new one has loaded, so wait for this screen's table.
    await this.page.locator(`[data-page="${screenPath}/index"] #${this.scope}resource_table`).waitFor();
  }

  table(): Locator {
    return this.id('resource_table');
  }

  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async search(field: string, value: string): Promise<void> {
    await this.id(`search_${field}`).fill(value);
    await this.id(`search_${field}`).press('Enter');
  }

  async resetSearch(): Promise<void> {
    await this.id('search_reset').click();
  }

  async clickAdd(): Promise<void> {
    await this.id('toolbar_add').click();
  }

  async clickBatchDelete(): Promise<void> {
    await this.id('toolbar_delete').click();
  }

  async rowAction(rowText: string, action: 'view' | 'edit' | 'delete' | 'add-child' | 'children'): Promise<void> {
    await this.row(rowText).first().locator(`[data-action="${action}"]`).click();
  }
}

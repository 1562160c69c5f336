import type { Locator, Page } from 'playwright-core';

/** The signed-in layout: top bar, sidebar, tag bar, search panel and the chrome's dialogs. */
export class ChromePage {
  constructor(private readonly page: Page) {}

  layout(): Locator {
    return this.page.getByTestId('layout');
  }

  /** Opens a screen through the sidebar (groups open on demand); `path` is the route path. */
  async openMenu(groupPath: string, path: string): Promise<void> {
    const item = this.page.locator(`[data-testid="sidebar-menu"] [data-menu-path="${path}"]`);
    // A group still animating open reads as hidden, and a second click folds it again: check and try anew.
    for (let attempt = 1; ; attempt += 1) {
      if (!(await item.isVisible())) await this.page.locator(`[data-testid="sidebar-menu"] [data-menu-path="${groupPath}"]`).click();
      try {
        await item.click({ timeout: 10_000 });
        await this.page.waitForURL(`**${path}`, { timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  tag(value: string): Locator {
    return this.page.locator(`[data-testid="tags-bar"] [data-tag="${value}"]`);
  }

  tags(): Locator {
    return this.page.locator('[data-testid="tags-bar"] [data-tag]');
  }

  /** Waits until the tag bar holds exactly these tabs, in order. */
  async waitForTags(values: string[]): Promise<void> {
    await this.page.waitForFunction(
      (expected) => JSON.stringify([...document.querySelectorAll('[data-testid="tags-bar"] [data-tag]')].map((el) => el.getAttribute('data-tag'))) === JSON.stringify(expected),
      values,
      { timeout: 10_000 },
    );
  }

  async closeTag(value: string): Promise<void> {
    await this.page.locator(`[data-close-tag="${value}"]`).click();
  }

  /** An action of a tab's right-click menu. */
  async tagContextMenu(value: string, action: 'close' | 'close_others' | 'close_all' | 'search' | 'clear_cache'): Promise<void> {
    await this.tag(value).click({ button: 'right' });
    await this.page.locator(`#tag_menu_${action}`).click();
  }

  /** A tag bar action from the 更多 menu. */
  async tagMenu(action: 'close_others' | 'close_all' | 'clear_cache' | 'menu_search'): Promise<void> {
    await this.page.locator('#tags_more').click();
    await this.page.locator(`#tags_${action}`).click();
  }

  topButton(name: 'collapse' | 'color' | 'logs' | 'lock' | 'theme' | 'notice' | 'language' | 'fullscreen'): Locator {
    return this.page.locator(`#top_${name}`);
  }

  async chooseTheme(name: string): Promise<void> {
    await this.topButton('theme').click();
    await this.page.locator(`[data-theme-option="${name}"] input`).check();
    await this.page.locator('#theme_dialog_cancel').click();
  }

  async chooseLanguage(lang: 'zh' | 'en'): Promise<void> {
    await this.topButton('language').click();
    await this.page.locator(`[data-lang="${lang}"]`).click();
  }

  async userMenu(item: 'home' | 'info' | 'switch' | 'logout'): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.locator(`#user_menu_${item}`).click();
  }

  /** The background the header paints (a colour or a gradient). */
  async headerBackground(): Promise<string> {
    return this.page.getByTestId('top-bar').evaluate((el) => getComputedStyle(el).backgroundImage + ' ' + getComputedStyle(el).backgroundColor);
  }

  async confirm(): Promise<void> {
    await this.page.locator('#confirm_ok').click();
  }

  /** Waits for a message (toast, helper text) anywhere on the page. */
  async expectText(text: string): Promise<void> {
    await this.page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
  }
}

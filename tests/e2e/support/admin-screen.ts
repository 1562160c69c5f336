import type { Browser, Page } from 'playwright-core';
import { DialogPage } from '../pages/dialog-page.js';
import { ListPage } from '../pages/list-page.js';
import { LoginPage } from '../pages/login-page.js';
import { launchBrowser, newPage } from './browser.js';

export interface AdminScreen {
  browser: Browser;
  page: Page;
  list: ListPage;
  dialog: DialogPage;
}

/** A browser signed in as the seeded administrator, on a screen opened from the sidebar. */
export async function openAdminScreen(groupPath: string, screenPath: string): Promise<AdminScreen> {
  const browser = await launchBrowser();
  const page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
  const list = new ListPage(page);
  await list.openFromMenu(groupPath, screenPath);
  return { browser, page, list, dialog: new DialogPage(page) };
}

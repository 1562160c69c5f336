import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';
import { ApiClient } from './support/api.js';

let browser: Browser;
let page: Page;
let list: ListPage;
const prefix = `e2e.long.${Date.now()}`;
const ROWS = 120;

beforeAll(async () => {
  const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  for (let i = 0; i < ROWS; i++) {
    await api.post('/blade-system/param/submit', { paramName: `long page ${String(i).padStart(3, '0')}`, paramKey: `${prefix}.${String(i).padStart(3, '0')}`, paramValue: 'v' });
  }
  ({ browser, page, list } = await openAdminScreen('/system', '/system/param'));
});
afterAll(() => browser?.close());

describe('a long page of a list', () => {
  it('renders only the rows in view of a 200-row page, and scrolling its box reaches the last row', async () => {
    await list.search('paramKey', prefix);
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 10);
    await page.locator('[aria-label="每页行数"]').first().click();
    await page.getByRole('option', { name: '200', exact: true }).click();
    await list.row(`${prefix}.000`).waitFor();
    const rendered = await list.rows().count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(ROWS);
    await expect(list.row(`${prefix}.${ROWS - 1}`).count()).resolves.toBe(0);
    await page.locator('#resource_table .MuiTableContainer-root').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await list.row(`${prefix}.${ROWS - 1}`).waitFor();
  });

  it('keeps every row of a short page in the document', async () => {
    await page.locator('[aria-label="每页行数"]').first().click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 50);
    await list.row(`${prefix}.049`).waitFor({ state: 'attached' });
  });
});

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
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length > 10);
    const rendered = await list.rows().count();
    expect(rendered).toBeLessThan(ROWS);
    // Whatever the order, the row at the other end of the page is not rendered until scrolled to.
    const top = (await list.rows().first().textContent()) ?? '';
    const farEnd = top.includes(`${prefix}.000`) ? `${prefix}.${ROWS - 1}` : `${prefix}.000`;
    expect(await list.row(farEnd).count()).toBe(0);
    await page.locator('#resource_table .MuiTableContainer-root').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await list.row(farEnd).waitFor();
  });

  it('keeps every row of a short page in the document', async () => {
    await page.locator('[aria-label="每页行数"]').first().click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    // All 50 in the document, in view or not: a short page is not virtualized.
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 50);
    expect(await list.rows().filter({ hasText: prefix }).count()).toBe(50);
  });
});

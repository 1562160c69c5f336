import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from './pages/list-page.js';
import { ApiClient } from './support/api.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
const stamp = `job${Date.now()}`;
const ROWS = 25;

beforeAll(async () => {
  const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  for (let n = 1; n <= ROWS; n += 1) {
    await api.post('/blade-desk/notice/submit', { title: `${stamp} ${n}`, category: 2, releaseTime: `2025-04-${String(n).padStart(2, '0')} 09:00:00` });
  }
  ({ browser, page, list } = await openAdminScreen('/desk', '/desk/notice'));
});
afterAll(() => browser?.close());

describe('export of a list as a background job', () => {
  it('exports the list as last searched (not a filter typed since), shows the progress with its counts, and downloads the file', async () => {
    await list.search('title', stamp);
    await page.waitForFunction(() => document.querySelectorAll('#resource_table tbody tr').length === 10);
    // Typed but not searched: the export is of what the list shows, the last search.
    await page.locator('#search_title').fill(`${stamp} 1`);
    await page.locator('#toolbar_export').click();
    // The drawer lists the tenant's latest jobs (other files' imports and exports too): this one is the newest notice export.
    const started = page.locator('#jobs_drawer [data-job-id]').filter({ hasText: '通知公告 · 导出' }).first();
    await started.waitFor();
    const item = page.locator(`#jobs_drawer [data-job-id="${await started.getAttribute('data-job-id')}"]`);
    await item.and(page.locator('[data-job-state="done"]')).waitFor();
    expect(await item.locator('.job-counts').textContent()).toBe(`${ROWS} / ${ROWS}`);
    expect(await item.textContent()).toContain('已完成');
    expect(await item.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
    // When it started, as every time in the console: yyyy-MM-dd HH:mm:ss, no fractions, no zone.
    expect(await item.textContent()).toMatch(/ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?![.+])/);

    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('.job-download').click()]);
    expect(download.suggestedFilename()).toBe('通知公告.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['通知标题', '通知类型', '通知日期']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: ROWS }, (_, i) => `${stamp} ${ROWS - i}`));
    expect(rows.slice(1).every((r) => r[1] === '批转通知')).toBe(true);
  });

  it('finds the job again after a page reload', async () => {
    const id = await page.locator('#jobs_drawer [data-job-id]').filter({ hasText: '通知公告 · 导出' }).first().getAttribute('data-job-id');
    await page.reload();
    await list.table().waitFor();
    await page.locator('#toolbar_jobs').click();
    await page.locator(`#jobs_drawer [data-job-id="${id}"][data-job-state="done"]`).waitFor();
  });
});

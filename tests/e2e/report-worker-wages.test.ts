import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { Sidebar } from './pages/sidebar.js';

let browser: Browser;
let page: Page;
const stamp = String(Date.now()).slice(-6);
const itemName = `报表项目${stamp}`;
const year = new Date().getFullYear() - 1;
const wages = [
  { month: `${year}-01-01`, amount: 4000.5, paid: 4000.5, days: 20 },
  { month: `${year}-02-01`, amount: 3500, paid: 3000, days: 18 },
  { month: `${year}-03-01`, amount: 4200, paid: 0, days: 21 },
];
const due = wages.reduce((s, w) => s + w.amount, 0);
const paid = wages.reduce((s, w) => s + w.paid, 0);

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const item = await admin.post<{ id: string }>('/blade-manage/iteminfo/submit', { itemCode: `E2E-${stamp}`, itemName });
  const worker = await admin.post<{ id: string }>('/blade-manage/worker/submit', { workerName: `报表工人${stamp}` });
  for (const w of wages) {
    await admin.post('/blade-manage/wage/submit', { wageMonth: w.month, itemId: item.id, workerId: worker.id, amount: w.amount, paidAmount: w.paid, workDays: w.days });
  }
  browser = await launchBrowser();
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(() => browser?.close());

describe('工人工资报表', () => {
  it('filters by date range and item, shows the chart and the totals, and exports the same rows with the totals', async () => {
    await new Sidebar(page).open('/report', '/report/workerWages');
    await page.locator('#report-startDate').fill(`${year}-01-01`);
    await page.locator('#report-endDate').fill(`${year}-12-31`);
    await page.locator('#report-item').fill(`报表项目${stamp}`.slice(0, 6));
    await page.getByRole('option', { name: itemName }).click();
    await page.locator('#report-search').click();

    const totals = page.getByTestId('report-totals');
    await expect.poll(() => totals.locator('[data-key="amount"]').textContent()).toBe(due.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(await totals.locator('[data-key="paidAmount"]').textContent()).toBe(paid.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(await page.getByTestId('report-table').locator('tbody tr').count()).toBe(wages.length);
    const chart = page.getByTestId('report-chart');
    await expect.poll(() => chart.getAttribute('data-points')).toBe(String(wages.length));
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^工人工资报表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['月份', '工人', '项目', '出勤天数', '应发工资', '实发工资', '未发工资']);
    expect(rows.slice(1, -1).map((r) => [r[0], r[2], r[4]])).toEqual(wages.map((w) => [w.month.slice(0, 7), itemName, w.amount]));
    expect(rows.at(-1)!.slice(0, 1).concat(rows.at(-1)!.slice(3))).toEqual(['合计', wages.reduce((s, w) => s + w.days, 0), due, paid, due - paid]);
  });

  it('says so when the filter matches nothing, and refuses an inverted range before asking', async () => {
    await page.locator('#report-startDate').fill(`${year - 5}-01-01`);
    await page.locator('#report-endDate').fill(`${year - 5}-12-31`);
    await page.locator('#report-search').click();
    await page.getByTestId('report-empty').waitFor();
    expect(await page.getByTestId('report-empty').textContent()).toContain('没有符合条件的数据');
    await page.locator('#report-startDate').fill(`${year}-12-31`);
    await page.locator('#report-endDate').fill(`${year}-01-01`);
    await page.getByText('开始日期不能晚于结束日期').waitFor();
    expect(await page.locator('#report-search').isDisabled()).toBe(true);
  });
});

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
const leaderName = `报表班长${stamp}`;
let teamLeaderNames: string[] = [];
const due = wages.reduce((s, w) => s + w.amount, 0);
const paid = wages.reduce((s, w) => s + w.paid, 0);

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const item = await admin.post<{ id: string }>('/blade-manage/iteminfo/submit', { itemCode: `E2E-${stamp}`, itemName });
  const worker = await admin.post<{ id: string }>('/blade-manage/worker/submit', { workerName: `报表工人${stamp}` });
  for (const w of wages) {
    await admin.post('/blade-manage/wage/submit', { wageMonth: w.month, itemId: item.id, workerId: worker.id, amount: w.amount, paidAmount: w.paid, workDays: w.days });
  }
  // A team of one with a wage last month (inside the screen's default period).
  const leader = await admin.post<{ id: string }>('/blade-manage/worker/submit', { workerName: leaderName });
  const member = await admin.post<{ id: string }>('/blade-manage/worker/submit', { workerName: `报表组员${stamp}`, teamLeaderId: leader.id });
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const wageMonth = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}-01`;
  await admin.post('/blade-manage/wage/submit', { wageMonth, itemId: item.id, workerId: member.id, teamLeaderId: leader.id, amount: 3000, paidAmount: 3000, workDays: 20 });
  // The team leaders are the workers some worker names as 班组长.
  const workers = (await admin.get<{ records: { id: string; workerName: string; teamLeaderId?: string }[] }>('/blade-manage/worker/list', { current: '1', size: '200' })).records;
  const leaderIds = new Set(workers.map((w) => String(w.teamLeaderId ?? '')).filter(Boolean));
  teamLeaderNames = workers.filter((w) => leaderIds.has(String(w.id))).map((w) => w.workerName).sort();
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

  it('opens on the last 12 months, offers only the team leaders as 班组长, answers rows for one, and keeps 查询/重置/导出 on the filter line at 1440 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await page.locator('#report-startDate').waitFor();
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth() - 11, 1);
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(await page.locator('#report-startDate').inputValue()).toBe(iso(first));
    expect(await page.locator('#report-endDate').inputValue()).toBe(iso(today));

    const line = async (id: string) => (await page.locator(id).boundingBox())!;
    const filterLine = await line('#report-startDate');
    const bar = await line('[data-testid="report-filters"]');
    for (const id of ['#report-teamLeaderId', '#report-workerId', '#report-search', '#report-reset', '#report-export']) {
      const box = await line(id);
      expect(box.y, `${id} on the filter line`).toBeLessThan(filterLine.y + filterLine.height);
      expect(box.y + box.height, `${id} on the filter line`).toBeGreaterThan(filterLine.y);
      expect(box.x + box.width, `${id} inside the bar`).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
    }

    expect(teamLeaderNames).toContain(leaderName);
    await page.locator('#report-teamLeaderId').click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(teamLeaderNames.length);
    expect((await options.allInnerTexts()).map((t) => t.trim()).sort()).toEqual(teamLeaderNames);
    await options.filter({ hasText: leaderName }).click();
    await page.locator('#report-search').click();
    await expect.poll(() => page.getByTestId('report-table').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('report-table').locator('tbody tr').first().innerText()).toContain(`报表组员${stamp}`);
  });
});

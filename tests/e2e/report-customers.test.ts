import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';
import { Sidebar } from './pages/sidebar.js';

let browser: Browser;
let page: Page;
const stamp = String(Date.now()).slice(-6);
const customerName = `报表客户${stamp}`;
const year = new Date().getFullYear() - 1;
const incomes = [
  { date: `${year}-02-10`, amount: 120000 },
  { date: `${year}-03-15`, amount: 80000.5 },
];
const received = incomes.reduce((s, i) => s + i.amount, 0);

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const customer = await admin.post<{ id: string }>('/blade-manage/customer/submit', { customerName });
  const item = await admin.post<{ id: string }>('/blade-manage/iteminfo/submit', { itemCode: `C-${stamp}`, itemName: `客户项目${stamp}`, customerId: customer.id });
  for (const i of incomes) await admin.post('/blade-manage/income/submit', { incomeDate: i.date, itemId: item.id, customerId: customer.id, amount: i.amount });
  browser = await launchBrowser();
  page = await newPage(browser);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(() => browser?.close());

describe('客户信息报表', () => {
  it('shows the last payment as a date of the console\'s language and the money received', async () => {
    await new Sidebar(page).open('/report', '/report/customInfo');
    await page.locator('#report-startDate').fill(`${year}-01-01`);
    await page.locator('#report-endDate').fill(`${year}-12-31`);
    await page.locator('#report-customerId').fill(customerName);
    await page.getByRole('option', { name: customerName }).click();
    await page.locator('#report-search').click();

    const totals = page.getByTestId('report-totals');
    await expect.poll(() => totals.locator('[data-key="income"]').textContent()).toBe(received.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    const row = page.getByTestId('report-table').locator('tbody tr', { hasText: customerName });
    const cells = await row.locator('td').allTextContents();
    // 客户, 项目数, 收款笔数, 收款金额, 最近收款
    expect(cells).toEqual([customerName, '1', '2', received.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), `${year}年3月15日`]);
  });
});

import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let api: ApiClient;
const stamp = `imp${Date.now() % 1_000_000}`;

beforeAll(async () => {
  api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  ({ browser, page } = await openAdminScreen('/system', '/system/user'));
});
afterAll(() => browser?.close());

/** A user workbook: [account, real name] per row, the other columns as a person fills them. */
async function workbook(rows: [string, string][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(['登录账号', '用户平台', '用户昵称', '用户姓名', '所属角色', '所属部门']);
  for (const [account, realName] of rows) sheet.addRow([account, 'WEB', account, realName, '用户', '布雷德科技']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('user import as a background job', () => {
  it('starts the job from 用户数据导入 and shows its progress, counts and the error report of the refused row', async () => {
    expect(await page.locator('#toolbar_export').count()).toBe(1);
    await page.locator('#toolbar_import').click();
    expect(await page.locator('#user_import_dialog_title').textContent()).toBe('用户数据导入');
    await page.locator('#user_import_file').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([[`${stamp}a`, '导入甲'], [`${stamp}b`, 'x'], [`${stamp}c`, '导入丙']]),
    });
    await page.locator('#user_import_dialog_submit').click();
    const job = page.locator('#user_import_job [data-job-state="done"]');
    await job.waitFor({ timeout: 30_000 });
    expect(await job.locator('.job-counts').textContent()).toBe('3 / 3 · 已写入 2 · 未通过 1');
    expect(await job.locator('.job-download').textContent()).toBe('下载错误报告');
    const written = await api.get('/blade-user/page', { account: stamp, current: '1', size: '10' });
    expect(written.records.map((u: { account: string }) => u.account).sort()).toEqual([`${stamp}a`, `${stamp}c`]);
  });
});

import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import { openAdminScreen, type AdminScreen } from './support/admin-screen.js';
import { ApiClient } from './support/api.js';

let screen: AdminScreen;
let admin: ApiClient;

beforeAll(async () => {
  screen = await openAdminScreen('/base', '/base/region');
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
});
afterAll(() => screen?.browser.close());

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('regions');
  sheet.addRow(['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('行政区划', () => {
  it('locks the parent code of a child to the row it was added under', async () => {
    const { page, list } = screen;
    await list.row('江苏省').first().waitFor();
    await list.rowAction('江苏省', 'add-child');
    const parent = page.locator('#root_parentCode');
    await parent.waitFor();
    expect(await parent.inputValue()).toBe('32');
    expect(await parent.isDisabled()).toBe(true);
    await page.locator('#form_cancel').click();
  });

  it('debugs the region cascader: 省份 → 地市 → 区县', async () => {
    const { page } = screen;
    await page.locator('#toolbar_debug').click();
    expect(await page.locator('#region_debug_dialog_title').textContent()).toBe('行政区划数据调试');
    for (const [level, name] of [['province', '江苏省'], ['city', '常州市'], ['district', '武进区']]) {
      await page.locator(`#region_debug_${level}`).click();
      await page.getByRole('option', { name }).click();
    }
    expect(await page.locator('#region_debug_value').textContent()).toBe('江苏省 / 常州市 / 武进区');
    await page.locator('#region_debug_dialog_cancel').click();
  });

  it('asks 是否导出行政区划数据?, then exports every region by code as a job with progress in 任务, as the export-region workbook', async () => {
    const { page } = screen;
    await page.locator('#toolbar_export').click();
    await new DialogPage(page).expectText('是否导出行政区划数据?');
    await page.locator('#confirm_ok').click();
    // The drawer lists the tenant's latest jobs (imports and other exports too): this one is named for its file.
    const started = page.locator('#jobs_drawer [data-job-id]').filter({ hasText: '行政区划数据导出' }).first();
    await started.waitFor();
    const item = page.locator(`#jobs_drawer [data-job-id="${await started.getAttribute('data-job-id')}"][data-job-state="done"]`);
    await item.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('.job-download').click()]);
    expect(download.suggestedFilename()).toBe('行政区划数据导出.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']);
    // The counts are shown with thousands separators (3,355).
    expect((await item.locator('.job-counts').textContent())?.replaceAll(',', '')).toBe(`${rows.length - 1} / ${rows.length - 1}`);
    expect(rows.find((r) => r[0] === '32')?.slice(0, 3)).toEqual(['32', '00', '江苏省']);
    const codes = rows.slice(1).map((r) => String(r[0]));
    expect(codes).toEqual([...codes].sort());
    await page.keyboard.press('Escape');
  });

  it('imports a workbook of regions as a job: its progress, counts and the error report of the refused row; 任务 finds it after the dialog', async () => {
    const { page } = screen;
    // 320490–320499: no seeded district of 常州 has such a code (320402 天宁区 … 320481 溧阳市 do).
    const code = `32049${String(Date.now()).slice(-1)}`;
    await page.locator('#toolbar_import').click();
    expect(await page.locator('#region_import_dialog_title').textContent()).toBe('行政区划数据导入');
    await page.locator('#region_import_file').setInputFiles({
      name: 'regions.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([[code, '3204', `导入区${code}`, 3, 90, ''], ['991101', '9911', '孤儿', 3, 1, '']]),
    });
    await page.locator('#region_import_dialog_submit').click();
    const job = page.locator('#region_import_job [data-job-state="done"]');
    await job.waitFor({ timeout: 30_000 });
    expect(await job.locator('.job-counts').textContent()).toBe('2 / 2 · 已写入 1 · 未通过 1');
    const [download] = await Promise.all([page.waitForEvent('download'), job.locator('.job-download').click()]);
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const refused = (errors.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect([refused[0], refused[1], refused.at(-1)]).toEqual([3, '991101', '父区划编号 [9911] 不存在']);
    expect((await admin.get('/blade-system/region/detail', { code })).name).toBe(`导入区${code}`);

    const id = await job.getAttribute('data-job-id');
    await page.locator('#region_import_dialog_cancel').click();
    await page.locator('#toolbar_jobs').click();
    await page.locator(`#jobs_drawer [data-job-id="${id}"][data-job-state="done"]`).waitFor();
    await page.keyboard.press('Escape');
  });
});

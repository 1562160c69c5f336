import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, PG_URL, uniqueTable } from '../support/external-databases.js';
import { ApiClient } from './support/api.js';
import { openAdminScreen, type AdminScreen } from './support/admin-screen.js';

/** A screen made by 代码生成 › 生成 is in the sidebar at once (x-refreshes-menu) and its list exports (x-export: true). */
const table = uniqueTable('cg_exp');
const entity = table.replace(/^cg_/, '').replace(/_/g, '-');
let screen: AdminScreen;

beforeAll(async () => {
  await onPostgres(
    `create table ${table} (id bigserial primary key, title varchar(64), pages integer)`,
    `comment on column ${table}.title is '书名'`,
    `insert into ${table} (title, pages) values ('三体', 302), ('球状闪电', 280), ('流浪地球', 96)`,
  );
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const { id: datasourceId } = await admin.post<{ id: string }>('/blade-develop/datasource/submit', { name: `pg ${table}`, driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' });
  const { id: modelId } = await admin.post<{ id: string }>('/blade-develop/model/submit', { datasourceId, modelTable: table, modelClass: 'Book', modelName: `模型 ${table}`, modelCode: table });
  await admin.post('/blade-develop/code/submit', { modelId, codeName: '导出图书', serviceName: 'blade-demo', tableName: table, tablePrefix: 'cg_', packageName: 'org.springblade.demo' });
  screen = await openAdminScreen('/tool', '/tool/code');
});
afterAll(async () => {
  await screen?.browser.close();
  await onPostgres(`drop table if exists ${table}`);
});

describe('a generated screen', () => {
  it('is in the sidebar right after 生成, without a browser reload', async () => {
    const { page, list, dialog } = screen;
    await list.row(table).first().locator('input[type="checkbox"]').check();
    await page.locator('#toolbar_gen').click();
    await dialog.expectText('是否生成选中模块的代码?');
    await dialog.confirm();
    await dialog.expectText('代码生成成功');
    // Opened through the sidebar's own item (no reload since the page was opened before 生成).
    await list.openFromMenu('/tool', `/demo/${entity}`);
    expect(page.url()).toContain(`/demo/${entity}`);
  });

  it('lists the table\'s rows with 导出, and the export job gives them in a workbook', async () => {
    const { page, list } = screen;
    await expect.poll(() => list.rows().count()).toBe(3);
    const exportButton = page.locator(`[data-page="/demo/${entity}/index"] #toolbar_export`);
    expect(await exportButton.textContent()).toContain('导出');
    // Other test files export as the same administrator at the same time: their jobs share the drawer, so the job is the one this click added.
    // A job of another file may reach the drawer only after this click: the job is also this screen's (its label).
    const jobIds = () => page.locator('#jobs_drawer [data-job-id]').filter({ hasText: '导出图书' }).evaluateAll((els) => els.map((el) => el.getAttribute('data-job-id')));
    const before = new Set(await jobIds());
    await exportButton.click();
    let jobId: string | null | undefined;
    await expect.poll(async () => (jobId = (await jobIds()).find((id) => !before.has(id)))).toBeTruthy();
    const job = page.locator(`#jobs_drawer [data-job-id="${jobId}"]`);
    await job.and(page.locator('[data-job-state="done"]')).waitFor();
    expect(await job.locator('.job-counts').textContent()).toBe('3 / 3');
    const [download] = await Promise.all([page.waitForEvent('download'), job.locator('.job-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('书名');
    const titleAt = rows[0].indexOf('书名');
    expect(rows.slice(1).map((r) => r[titleAt]).sort()).toEqual(['三体', '流浪地球', '球状闪电'].sort());
  });
});

import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogPage } from './pages/dialog-page.js';
import type { ListPage } from './pages/list-page.js';
import { ApiClient } from './support/api.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let api: ApiClient;
const stamp = `exp${Date.now() % 1_000_000}`;

type Node = { id: string; roleAlias?: string; deptName?: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const roleId = flat(await api.get('/blade-system/role/list')).find((r) => r.roleAlias === 'user')!.id;
  const deptId = flat(await api.get('/blade-system/dept/list')).find((d) => d.deptName === '布雷德科技')!.id;
  for (const suffix of ['a', 'b']) {
    await api.post('/blade-user/submit', { account: `${stamp}${suffix}`, name: suffix, realName: `导出${suffix}`, password: 'pw', roleId, deptId, userType: 1 });
  }
  ({ browser, page, list } = await openAdminScreen('/system', '/system/user'));
});
afterAll(() => browser?.close());

describe('user export as a background job', () => {
  it('asks 是否导出用户数据?, then exports the users as searched with progress in 任务, as the export-user workbook', async () => {
    await list.search('account', stamp);
    await list.row(`${stamp}a`).first().waitFor();
    await page.locator('#toolbar_export').click();
    await new DialogPage(page).expectText('是否导出用户数据?');
    await page.locator('#confirm_ok').click();
    // The drawer lists the tenant's latest jobs (the imports of other files too): this one is named for its file.
    const started = page.locator('#jobs_drawer [data-job-id]').filter({ hasText: '用户数据导出' }).first();
    await started.waitFor();
    const item = page.locator(`#jobs_drawer [data-job-id="${await started.getAttribute('data-job-id')}"][data-job-state="done"]`);
    await item.waitFor({ timeout: 30_000 });
    const shown = await api.get('/blade-user/page', { account: stamp, current: '1', size: '10' });
    expect(await item.locator('.job-counts').textContent()).toBe(`${shown.total} / ${shown.total}`);

    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('.job-download').click()]);
    expect(download.suggestedFilename()).toBe('用户数据导出.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0];
    expect(header).toEqual(expect.arrayContaining(['登录账号', '用户姓名', '所属角色', '所属部门']));
    expect(rows.slice(1).map((r) => r[header.indexOf('登录账号')]).sort()).toEqual(shown.records.map((r: { account: string }) => r.account).sort());
    expect(rows.slice(1).every((r) => r[header.indexOf('所属角色')] === '用户' && r[header.indexOf('所属部门')] === '布雷德科技')).toBe(true);
  });
});

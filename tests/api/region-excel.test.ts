import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

function multipart(file: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="regions.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: Buffer, opts: { isCovered?: string; lang?: string } = {}) {
  const body = multipart(file, opts.isCovered === undefined ? {} : { isCovered: opts.isCovered });
  return t.call({
    method: 'POST', url: '/api/blade-system/region/import-region', payload: body.payload,
    headers: { ...admin, 'content-type': body.contentType, 'accept-language': opts.lang ?? 'zh' },
  });
}

async function download(action: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/blade-system/region/${action}`, headers: admin });
  return { status: res.statusCode, type: String(res.headers['content-type']), file: res.rawPayload };
}

async function rowsOf(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('regions');
  ws.addRow(['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const detail = async (code: string) => (await t.call({ method: 'GET', url: '/api/blade-system/region/detail', headers: admin, query: { code } })).body;

describe('region export and template', () => {
  it('exports every region with the schema labels as header', async () => {
    const res = await download('export-region');
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    const rows = await rowsOf(res.file);
    expect(rows[0]).toEqual(['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']);
    expect(rows.find((r) => r[0] === '32')).toEqual(expect.arrayContaining(['32', '00', '江苏省']));
    expect(rows.length).toBeGreaterThan(3000);
  });

  it('gives an empty template with the same header', async () => {
    const rows = await rowsOf((await download('export-template')).file);
    expect(rows).toEqual([['区划编号', '父区划编号', '区划名称', '区划等级', '区划排序', '区划备注']]);
  });
});

describe('region import', () => {
  it('imports new regions under their parents, children after parents whatever the order', async () => {
    const file = await sheet([
      ['32049901', '320499', '测试街道', 4, 1, ''],
      ['320499', '3204', '测试区', 3, 99, '导入'],
    ]);
    const res = await upload(file);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await detail('320499')).data).toMatchObject({ name: '测试区', parentCode: '3204', ancestors: '00,32,3204', remark: '导入' });
    expect((await detail('32049901')).data).toMatchObject({ parentCode: '320499', regionLevel: 4 });
  });

  it('refuses an existing code unless isCovered, and then updates it', async () => {
    const file = await sheet([['320498', '3204', '覆盖前', 3, 98, '']]);
    expect((await upload(file)).body.code).toBe(200);
    const again = await sheet([['320498', '3204', '覆盖后', 3, 98, '']]);
    expect((await upload(again)).body).toMatchObject({ code: 400, msg: '第 2 行: 区划编号 [320498] 已存在' });
    expect((await upload(again, { lang: 'en' })).body.msg).toBe('row 2: the region code [320498] already exists');
    expect((await upload(again, { isCovered: '1' })).body.code).toBe(200);
    expect((await detail('320498')).data.name).toBe('覆盖后');
  });

  it('names the row whose parent is nowhere, and a row the schema refuses, writing nothing first', async () => {
    const orphan = await sheet([['991101', '9911', '孤儿', 3, 1, '']]);
    expect((await upload(orphan)).body).toMatchObject({ code: 400, msg: '第 2 行: 父区划编号 [9911] 不存在' });
    const unnamed = await sheet([['320497', '3204', '', 3, 1, '']]);
    expect((await upload(unnamed)).body).toMatchObject({ code: 400, msg: '第 2 行: 请输入区划名称' });
    expect((await detail('320497')).code).toBe(404);
  });

  it('refuses a sheet without the code column and a request without a file', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['区划名称']);
    const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('区划编号');
    const empty = await t.call({ method: 'POST', url: '/api/blade-system/region/import-region', headers: admin, payload: {} });
    expect(empty.body).toMatchObject({ code: 400, msg: '请上传 .xls,.xlsx 标准格式文件' });
  });
});

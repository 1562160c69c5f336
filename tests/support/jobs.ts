import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { BuiltApp } from '../../src/server/app.js';
import type { TestApp } from './test-app.js';

export type Headers = Record<string, string>;

/** An app built in the test's process (several at once, or one standing in for a restarted server) as the job helpers want it. */
export function asTestApp(built: BuiltApp): TestApp {
  const call = async (opts: InjectOptions) => {
    const res = await built.app.inject(opts);
    let body: any = res.body;
    try { body = JSON.parse(res.body); } catch { /* not JSON */ }
    return { status: res.statusCode, body };
  };
  return { app: built.app, services: built.services, call } as unknown as TestApp;
}

/** Polls a job until it reaches one of `states` (default: any end state); answers it. */
export async function waitForJob(t: TestApp, headers: Headers, id: string, states = ['done', 'failed', 'cancelled'], timeoutMs = 280_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}`, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (states.includes(res.body.data.state)) return res.body.data;
    if (Date.now() > until) throw new Error(`job ${id} still ${res.body.data.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The job's workbook, first sheet, as rows of cell values (row 1 is the header). */
export function jobWorkbook(t: TestApp, headers: Headers, id: string): Promise<unknown[][]> {
  return workbookRows(t, headers, `/api/atrium/jobs/${id}/file`);
}

/** The workbook a GET of `url` answers, first sheet, as rows of cell values. */
export async function workbookRows(t: TestApp, headers: Headers, url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Multipart body with one .xlsx file. */
export function xlsxUpload(bytes: Buffer, name = 'import.xlsx'): { payload: Buffer; headers: Headers } {
  const boundary = `----atrium${Date.now()}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CATEGORIES = ['发布通知', '批转通知', '转发通知', '指示通知', '任免通知', '事务通知'];

/** Rows (1-based data index) made bad on purpose, each with what is wrong: 17 in all. */
export const BAD_ROWS: Record<number, 'noTitle' | 'unknownType' | 'badDate' | 'htmlTitle'> = {
  3: 'noTitle', 777: 'noTitle', 2500: 'noTitle', 6001: 'noTitle', 9999: 'noTitle',
  10: 'unknownType', 1500: 'unknownType', 4999: 'unknownType', 8000: 'unknownType',
  11: 'badDate', 3333: 'badDate', 5000: 'badDate', 7001: 'badDate',
  12: 'htmlTitle', 4444: 'htmlTitle', 6500: 'htmlTitle', 10000: 'htmlTitle',
};

/** A notice workbook of `rows` data rows (titles `<prefix> <n>`), with BAD_ROWS spoiled. */
export async function noticeWorkbook(rows: number, prefix: string, bad: Record<number, string> = BAD_ROWS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('通知');
  sheet.addRow(['通知标题', '通知类型', '通知日期', '通知内容']);
  for (let n = 1; n <= rows; n += 1) {
    const kind = bad[n];
    sheet.addRow([
      kind === 'noTitle' ? '' : kind === 'htmlTitle' ? `<img src=x> ${prefix} ${n}` : `${prefix} ${n}`,
      kind === 'unknownType' ? '不存在的类型' : CATEGORIES[n % CATEGORIES.length],
      kind === 'badDate' ? '2025-02-30' : `2025-03-${String((n % 28) + 1).padStart(2, '0')} 08:00:00`,
      `content ${n}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

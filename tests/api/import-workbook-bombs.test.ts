import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';
import { inlineSheet, xlsxParts, zipOf } from '../support/xlsx-zip.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const MB = 1024 * 1024;
const HEADER = ['通知标题', '通知类型', '通知日期', '通知内容'];
/** One cell of 120 MB: the title of the one data row. */
const BOMB_ROWS = [[{ repeat: 'a', times: 120 * MB }, '发布通知', '2025-03-01 08:00:00', 'x']];

let honest: Buffer;
let lying: Buffer;
let centralLies: Buffer;
let smallCells: Buffer;

/** 110 MB of tiny inline cells in one row: no cell is long, the part is. */
function* smallCellsSheet(): Iterable<Buffer> {
  yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>通知标题</t></is></c></row><row r="2">`);
  const piece = Buffer.from('<c t="inlineStr"><is><t>x</t></is></c>'.repeat(MB / 32));
  for (let made = 0; made < 110 * MB; made += piece.length) yield piece;
  yield Buffer.from('</row></sheetData></worksheet>');
}

beforeAll(async () => {
  honest = await zipOf(xlsxParts(inlineSheet(HEADER, BOMB_ROWS)));
  lying = await zipOf(xlsxParts(inlineSheet(HEADER, BOMB_ROWS)), { claimBytes: 1024 });
  centralLies = await zipOf(xlsxParts(inlineSheet(HEADER, BOMB_ROWS)), { claimBytes: 1024, onlyCentral: true });
  smallCells = await zipOf(xlsxParts(smallCellsSheet), { claimBytes: 1024 });
}, 120_000);

/** The server's resident memory at its highest while `work` runs, above what it was before (same process: app.inject). */
async function rssGrowthMB<T>(work: () => Promise<T>): Promise<{ result: T; growthMB: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMB: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

/** What an import may leave behind: notices, jobs, files in the job store. */
async function traces() {
  const db = t.services.system.database.db;
  const notices = Number((await sql<{ n: string }>`select count(*) as n from blade_notice`.execute(db)).rows[0].n);
  const jobs = Number((await sql<{ n: string }>`select count(*) as n from atrium_job`.execute(db)).rows[0].n);
  const dir = join(t.services.config.filesDir, 'jobs', '000000');
  return { notices, jobs, files: existsSync(dir) ? readdirSync(dir).sort() : [] };
}

function post(url: string, file: Buffer, opts: { query?: Record<string, string>; lang?: string } = {}) {
  const upload = xlsxUpload(file);
  return t.call({ method: 'POST', url, query: opts.query, headers: { ...admin, ...upload.headers, 'accept-language': opts.lang ?? 'zh' }, payload: upload.payload });
}

const jobImport = (file: Buffer, lang?: string) => post('/api/atrium/jobs/import', file, { query: { model: 'desk/notice' }, lang });

/** The job import refuses `file` in its request with `msg`, leaves nothing behind, and the server grows ≤ 50 MB meanwhile. */
async function refusedAtOnce(file: Buffer, expected: { lang: string; msg: string }): Promise<void> {
  const before = await traces();
  const { result: res, growthMB } = await rssGrowthMB(() => jobImport(file, expected.lang));
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 400, success: false, msg: expected.msg });
  expect(await traces()).toEqual(before);
  expect(growthMB).toBeLessThanOrEqual(50);
}

describe('a workbook made to eat the server', () => {
  it('the zip these tests build is a workbook the import reads (a short title is imported)', async () => {
    const file = await zipOf(xlsxParts(inlineSheet(HEADER, [['zip built & read', '发布通知', '2025-03-01 08:00:00', 'x']])));
    const res = await jobImport(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await waitForJob(t, admin, res.body.data.id)).toMatchObject({ state: 'done', written: 1, failed: 0 });
  });

  it('a 124 KB file whose one cell is a 120 MB inline string is refused at once from its headers, imports nothing, and the server grows ≤ 50 MB', async () => {
    expect(honest.length).toBeLessThan(200 * 1024);
    await refusedAtOnce(honest, { lang: 'zh', msg: 'Excel 文件中的 xl/worksheets/sheet1.xml 解压后超过 100MB,请拆分后分批导入' });
  });

  it('the same file whose central directory says 1 KB is refused from its local header', async () => {
    await refusedAtOnce(centralLies, { lang: 'zh', msg: 'Excel 文件中的 xl/worksheets/sheet1.xml 解压后超过 100MB,请拆分后分批导入' });
  });

  it('the same file with headers that say 1 KB is refused by what it inflates to, before the parser holds the cell', async () => {
    await refusedAtOnce(lying, { lang: 'en', msg: 'a cell must not hold more than 32767 characters' });
  });

  it('a part of tiny cells whose headers say 1 KB is refused once what it really inflates to passes 100 MB', async () => {
    await refusedAtOnce(smallCells, { lang: 'en', msg: 'xl/worksheets/sheet1.xml of the Excel file unpacks to more than 100 MB; split the file and import it in parts' });
  }, 120_000);

  it('the synchronous user and region imports refuse the same files with the same messages, writing nothing', async () => {
    const db = t.services.system.database.db;
    const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
    const users = await count('blade_user');
    const regions = await count('blade_region');
    for (const url of ['/api/blade-user/import-user', '/api/blade-system/region/import-region']) {
      const { result: [a, b], growthMB } = await rssGrowthMB(() => Promise.all([post(url, honest), post(url, lying)]));
      expect(a.status, url).toBe(400);
      expect(a.body.msg).toBe('Excel 文件中的 xl/worksheets/sheet1.xml 解压后超过 100MB,请拆分后分批导入');
      expect(b.status, url).toBe(400);
      expect(b.body.msg).toBe('单元格内容不能超过 32767 个字符');
      expect(growthMB, url).toBeLessThanOrEqual(50);
    }
    expect(await count('blade_user')).toBe(users);
    expect(await count('blade_region')).toBe(regions);
  });
});

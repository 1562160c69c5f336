import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeWorkbook, waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';
import { inlineSheet, xlsxParts, zipOf } from '../support/xlsx-zip.js';

let t: TestApp;
let a: Headers;
let b: Headers;
beforeAll(async () => { ({ t, a, b } = await startTwoTenants()); });
afterAll(() => t?.close());

function post(url: string, file: Buffer, opts: { headers?: Headers; query?: Record<string, string> } = {}) {
  const upload = xlsxUpload(file);
  return t.call({ method: 'POST', url, query: opts.query, headers: { ...(opts.headers ?? a), ...upload.headers }, payload: upload.payload });
}

const jobImport = (file: Buffer, headers: Headers = a) => post('/api/atrium/jobs/import', file, { headers, query: { model: 'desk/notice' } });

async function noticesTitled(prefix: string): Promise<number> {
  const rows = await sql<{ n: string }>`select count(*) as n from blade_notice where title like ${`${prefix} %`}`.execute(t.services.system.database.db);
  return Number(rows.rows[0].n);
}

/** Sets the `import.maxRows` param through the param screen's API. */
async function setMaxRows(value: string): Promise<void> {
  const [param] = (await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: a, query: { paramKey_equal: 'import.maxRows' } })).body.data.records;
  expect(param, 'the param is seeded').toBeDefined();
  const res = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: a, payload: { ...param, paramValue: value } });
  expect(res.body.code).toBe(200);
}

describe('rows per import: the import.maxRows param', () => {
  beforeAll(() => setMaxRows('50'));
  afterAll(() => setMaxRows('100000'));

  it('a job import of 51 rows is refused at once naming the limit, one of 50 is imported', async () => {
    const jobs = (await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: a })).body.data.length;
    const over = await jobImport(await noticeWorkbook(51, 'over-cap', {}));
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('一次最多导入 50 行数据,请拆分后分批导入');
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: a })).body.data.length).toBe(jobs);
    expect(await noticesTitled('over-cap')).toBe(0);

    const within = await jobImport(await noticeWorkbook(50, 'at-cap', {}));
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(await waitForJob(t, a, within.body.data.id)).toMatchObject({ state: 'done', total: 50, written: 50 });
    expect(await noticesTitled('at-cap')).toBe(50);
  });

  it('the synchronous user and region imports refuse 51 rows with the same message', async () => {
    const file = await noticeWorkbook(51, 'sync-over-cap', {});
    for (const url of ['/api/blade-user/import-user', '/api/blade-system/region/import-region']) {
      const res = await post(url, file, { headers: { ...a, 'accept-language': 'en' } });
      expect(res.status, url).toBe(400);
      expect(res.body.msg, url).toBe('at most 50 rows can be imported at once; split the file and import it in parts');
    }
    // 50 rows pass the cap: what is said then is about the sheet's columns, not its length.
    const within = await post('/api/blade-user/import-user', await noticeWorkbook(50, 'sync-at-cap', {}));
    expect(within.body.msg).toContain('模板缺少列');
  });
});

describe('one cell', () => {
  it('a title of 32,768 characters is refused at once by the job import; one of 32,767 is taken (and refused as a title, row by row)', async () => {
    const sheet = (length: number) => inlineSheet(['通知标题', '通知类型', '通知日期', '通知内容'], [[{ repeat: 'x', times: length }, '发布通知', '2025-03-01 08:00:00', 'x']]);
    const over = await jobImport(await zipOf(xlsxParts(sheet(32_768))));
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('单元格内容不能超过 32767 个字符');
    const within = await jobImport(await zipOf(xlsxParts(sheet(32_767))));
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    const job = await waitForJob(t, a, within.body.data.id);
    expect(job, job.error).toMatchObject({ state: 'done', written: 0, failed: 1 });
  });
});

describe('import jobs per tenant', () => {
  it('a tenant with an import open is refused a second with the limit named; another tenant is not (and runs at once); once it ends the tenant may import again', async () => {
    const first = await jobImport(await noticeWorkbook(20_000, 'job-cap', {}));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await jobImport(await noticeWorkbook(1, 'job-cap-second', {}));
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 429, success: false, msg: '已有 1 个导入任务在排队或执行中,请等其中一个结束后再导入' });
    expect(await noticesTitled('job-cap-second')).toBe(0);

    const other = await jobImport(await noticeWorkbook(1, 'job-cap-b', {}), b);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(await waitForJob(t, b, other.body.data.id)).toMatchObject({ state: 'done', written: 1 });
    expect((await waitForJob(t, a, first.body.data.id, ['queued', 'running', 'done'])).state, 'the first import still runs').toBe('running');

    await t.call({ method: 'POST', url: `/api/atrium/jobs/${first.body.data.id}/cancel`, headers: a });
    expect((await waitForJob(t, a, first.body.data.id)).state).toBe('cancelled');
    const after = await jobImport(await noticeWorkbook(1, 'job-cap-after', {}));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(await waitForJob(t, a, after.body.data.id)).toMatchObject({ state: 'done', written: 1 });
  }, 300_000);
});

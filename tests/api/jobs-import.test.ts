import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';
import { BAD_ROWS, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

async function noticesTitled(prefix: string): Promise<string[]> {
  const rows = await sql<{ title: string }>`select title from blade_notice where tenant_id = '000000' and is_deleted = 0 and title like ${`%${prefix} %`}`.execute(t.services.system.database.db);
  return rows.rows.map((r) => r.title);
}

async function startImport(bytes: Buffer): Promise<string> {
  const upload = xlsxUpload(bytes);
  const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'desk/notice' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

describe('import as a background job', () => {
  it('writes exactly the good rows of 10k and gives back the 17 bad ones with their reasons', async () => {
    const id = await startImport(await noticeWorkbook(10_000, 'imported'));
    const job = await waitForJob(t, admin, id);
    expect(job).toMatchObject({ state: 'done', total: 10_000, done: 10_000, written: 9_983, failed: 17, hasFile: true });

    const titles = await noticesTitled('imported');
    expect(titles).toHaveLength(9_983);
    const good = new Set(Array.from({ length: 10_000 }, (_, i) => i + 1).filter((n) => !BAD_ROWS[n]).map((n) => `imported ${n}`));
    expect(new Set(titles)).toEqual(good);

    const errors = await jobWorkbook(t, admin, id);
    expect(errors[0]).toEqual(['行号', '通知标题', '通知类型', '通知日期', '通知内容', '错误原因']);
    const reasons = new Map(errors.slice(1).map((r) => [Number(r[0]) - 1, String(r.at(-1))]));
    expect([...reasons.keys()].sort((a, b) => a - b)).toEqual(Object.keys(BAD_ROWS).map(Number).sort((a, b) => a - b));
    for (const [n, kind] of Object.entries(BAD_ROWS)) {
      const reason = reasons.get(Number(n));
      if (kind === 'noTitle') expect(reason).toContain('请输入通知标题');
      if (kind === 'unknownType') expect(reason).toContain('不存在的类型');
      if (kind === 'htmlTitle') expect(reason).toContain('不能包含 HTML 标签');
      if (kind === 'badDate') expect(reason).toContain('通知日期');
    }
  }, 600_000);

  it('a cancelled import keeps only whole committed batches, and says how many', async () => {
    const id = await startImport(await noticeWorkbook(20_000, 'cancelled', {}));
    await waitForJob(t, admin, id, ['running']);
    for (let job = await waitForJob(t, admin, id, ['running']); job.done < 500; job = await waitForJob(t, admin, id, ['running', 'done'])) {
      expect(job.state).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancel = await t.call({ method: 'POST', url: `/api/atrium/jobs/${id}/cancel`, headers: admin });
    expect(cancel.status).toBe(200);
    const job = await waitForJob(t, admin, id);
    expect(job.state).toBe('cancelled');
    const titles = await noticesTitled('cancelled');
    expect(job.written).toBe(titles.length);
    expect(titles.length % 500).toBe(0);
    expect(titles.length).toBeLessThan(20_000);
    expect(job.done).toBe(job.written);
    const again = await t.call({ method: 'POST', url: `/api/atrium/jobs/${id}/cancel`, headers: admin });
    expect(again.status).toBe(400);
  }, 600_000);

  it('refuses a file that is not a workbook as a failed job with the reason, writing nothing', async () => {
    const id = await startImport(Buffer.from('not a workbook at all'));
    const job = await waitForJob(t, { ...admin, 'accept-language': 'en' }, id);
    expect(job).toMatchObject({ state: 'failed', written: 0, error: 'the uploaded file cannot be read, please upload an .xlsx Excel file' });
  });

  it('refuses an import of an entity whose schema does not allow it', async () => {
    const upload = xlsxUpload(await noticeWorkbook(1, 'x', {}));
    const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'system/param' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('该数据不支持导入');
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';
import { jobWorkbook, waitForJob, type Headers } from '../support/jobs.js';

const ROWS = 50_000;
let t: TestApp;
let admin: Headers;

withSignedInApp(async (app, headers) => {
  t = app;
  admin = headers;
  // 50k notices made by the database: categories 1..5, one release a minute.
  await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
    select 1000000000000 + g, '000000', 'bulk notice ' || g, (g % 5) + 1, timestamp '2025-01-01 00:00:00' + g * interval '1 minute', '', 1, 1, localtimestamp(0), 1, localtimestamp(0), 1, 0
    from generate_series(1, ${ROWS}) g`.execute(t.services.system.database.db);
});

async function listRows(query: Record<string, string>): Promise<any[]> {
  const out: any[] = [];
  for (let current = 1; ; current += 1) {
    const res = await t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: admin, query: { ...query, current: String(current), size: '200' } });
    expect(res.status).toBe(200);
    out.push(...res.body.data.records);
    if (current >= res.body.data.pages) return out;
  }
}

describe('list export as a background job', () => {
  it('writes exactly the rows, order and dictionary labels the list API answers for the same filters', async () => {
    const query = { category: '2', releaseTime_dategt: '2025-01-10 00:00:00', descs: 'release_time' };
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload: { model: 'desk/notice', query, columns: 'title,category,releaseTime' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'export', state: 'queued', done: 0 });
    const job = await waitForJob(t, admin, started.body.data.id);
    const expected = await listRows(query);
    expect(expected.length).toBeGreaterThan(5_000);
    expect(job).toMatchObject({ state: 'done', done: expected.length, total: expected.length, hasFile: true });

    const rows = await jobWorkbook(t, admin, job.id);
    expect(rows[0]).toEqual(['通知标题', '通知类型', '通知日期']);
    expect(rows.slice(1)).toEqual(expected.map((r) => [r.title, r.categoryName, r.releaseTime]));
  }, 180_000);

  it('writes the rows of a list in its default order (newest first) batch after batch, as the list API pages them', async () => {
    const query = { category: '3' };
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload: { model: 'desk/notice', query, columns: 'title' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const job = await waitForJob(t, admin, started.body.data.id);
    const expected = await listRows(query);
    expect(expected.length).toBeGreaterThan(5_000);
    expect(job).toMatchObject({ state: 'done', done: expected.length, total: expected.length, hasFile: true });
    const rows = await jobWorkbook(t, admin, job.id);
    expect(rows.slice(1)).toEqual(expected.map((r) => [r.title]));
  }, 180_000);

  it('writes a list ordered by release time, either way, as the list API pages it: ties in the key order, notices without a time in their place (and in an order no index holds)', async () => {
    // 2,500 notices of type 6 (the bulk ones are 1–5) over ~357 release times (7 to a minute), every 97th
    // without one: batches of 1,000 end inside ties.
    await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
      select 2000000000000 + g, '000000', 'walked ' || g, 6, case when g % 97 = 0 then null else timestamp '2024-06-01 00:00:00' + (g / 7) * interval '1 minute' end, '', 1, 1, localtimestamp(0), 1, localtimestamp(0), 1, 0
      from generate_series(1, 2500) g`.execute(t.services.system.database.db);
    for (const query of [{ ascs: 'release_time' }, { descs: 'release_time' }, { ascs: 'release_time,id' }, { ascs: 'id', descs: 'release_time' }, { ascs: 'title' }].map((order) => ({ category: '6', ...order })) as Record<string, string>[]) {
      const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload: { model: 'desk/notice', query, columns: 'title' } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const job = await waitForJob(t, admin, started.body.data.id);
      const expected = await listRows(query);
      expect(expected.filter((r) => r.title.startsWith('walked ')).length).toBe(2500);
      expect(job, JSON.stringify(query)).toMatchObject({ state: 'done', done: expected.length, hasFile: true });
      const rows = await jobWorkbook(t, admin, job.id);
      expect(rows.slice(1), JSON.stringify(query)).toEqual(expected.map((r) => [r.title]));
    }
  }, 180_000);

  it('a cancelled export leaves no file, half written or whole', async () => {
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: admin, payload: { model: 'desk/notice', query: {} } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { id } = started.body.data;
    for (let job = await waitForJob(t, admin, id, ['running']); job.done === 0; job = await waitForJob(t, admin, id, ['running'])) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const cancel = await t.call({ method: 'POST', url: `/api/atrium/jobs/${id}/cancel`, headers: admin });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const job = await waitForJob(t, admin, id);
    // Even a cancel that comes after the last batch, while the file is being closed, keeps no file.
    expect(job).toMatchObject({ state: 'cancelled', hasFile: false, cancelRequested: true });
    expect((await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}/file`, headers: admin })).status).toBe(404);
    expect(existsSync(join(t.services.config.filesDir, 'jobs', '000000', `${id}-result.xlsx`))).toBe(false);
  }, 180_000);

  it('refuses a bad filter, an unknown column and an unknown model with a 400 before any job exists', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: admin })).body.data.length;
    for (const payload of [
      { model: 'desk/notice', query: { current: '1', releaseTime_dategt: 'not a date' } },
      { model: 'desk/notice', columns: 'title,password' },
      { model: 'desk/nothing' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: { ...admin, 'accept-language': 'en' }, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.msg).toMatch(/parameter|date/);
    }
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: admin })).body.data.length).toBe(before);
  });
});

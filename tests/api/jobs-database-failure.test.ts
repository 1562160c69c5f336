import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';
import { noticeWorkbook, xlsxUpload, type Headers } from '../support/jobs.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const ROWS = 3_000;

/** Ends every connection of the app's database, as a database restart or a cut network would. */
async function cutConnections(): Promise<number> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.services.system.database.db);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const ended = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0].name]);
    return ended.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The job as its owner sees it; a request cut with the connections is asked again. */
async function jobNow(id: string): Promise<any> {
  for (;;) {
    const res = await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}`, headers: admin });
    if (res.status === 200) return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('a job whose database connections are cut', () => {
  it('goes back to the queue and resumes from its last batch instead of failing: every row written once', async () => {
    const upload = xlsxUpload(await noticeWorkbook(ROWS, 'cut', {}));
    const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'desk/notice' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    for (let job = await jobNow(id); job.done < 500; job = await jobNow(id)) {
      expect(job.state, JSON.stringify(job)).toMatch(/^(queued|running)$/);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await cutConnections()).toBeGreaterThan(0);
    let job = await jobNow(id);
    for (const until = Date.now() + 240_000; ['queued', 'running'].includes(job.state) && Date.now() < until; job = await jobNow(id)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const row = (await sql<Record<string, unknown>>`select state, attempts, error_key, error_params from atrium_job where id = ${id}`.execute(t.services.system.database.db)).rows[0];
    expect(job, JSON.stringify(row)).toMatchObject({ state: 'done', total: ROWS, done: ROWS, written: ROWS, failed: 0 });
    const titles = await sql<{ title: string; n: string }>`select title, count(*) as n from blade_notice where tenant_id = '000000' and is_deleted = 0 and title like 'cut %' group by title`.execute(t.services.system.database.db);
    expect(titles.rows).toHaveLength(ROWS);
    expect(titles.rows.every((r) => Number(r.n) === 1)).toBe(true);
  }, 300_000);
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';
import { jobWorkbook, waitForJob, type Headers } from '../support/jobs.js';

let t: TestApp;
let admin: Headers;

withSignedInApp((app, headers) => {
  t = app;
  admin = headers;
});

async function submit(path: string, payload: Record<string, unknown>): Promise<string> {
  const res = await t.call({ method: 'POST', url: `/api${path}/submit`, headers: admin, payload });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

describe('an export of options fields', () => {
  it('writes the labels of a wage row\'s item, worker and team leader (x-options of other entities), not their ids', async () => {
    const tag = randomBytes(3).toString('hex');
    const item = await submit('/blade-manage/iteminfo', { itemCode: `OL-${tag}`, itemName: `标签项目 ${tag}` });
    const worker = await submit('/blade-manage/worker', { workerName: `标签工人 ${tag}` });
    const leader = await submit('/blade-manage/worker', { workerName: `标签班组长 ${tag}` });
    await submit('/blade-manage/wage', { wageMonth: '2031-07-01', itemId: item, workerId: worker, teamLeaderId: leader, amount: 4321.5, workDays: 3 });

    const started = await t.call({
      method: 'POST', url: '/api/atrium/jobs/export', headers: admin,
      payload: { model: 'manage/wage', query: { wageMonth_datege: '2031-07-01 00:00:00', wageMonth_datele: '2031-07-31 23:59:59' }, columns: 'wageMonth,itemId,workerId,teamLeaderId,amount' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await waitForJob(t, admin, started.body.data.id)).toMatchObject({ state: 'done' });
    const rows = await jobWorkbook(t, admin, started.body.data.id);
    expect(rows[0]).toEqual(['工资月份', '项目', '工人', '班组长', '应发工资']);
    const row = rows.find((r) => r[4] === 4321.5);
    expect(row, JSON.stringify(rows.slice(0, 5))).toEqual([expect.stringMatching(/^2031-07-01/), `标签项目 ${tag}`, `标签工人 ${tag}`, `标签班组长 ${tag}`, 4321.5]);
    expect(rows.flat()).not.toContain(item);
    expect(rows.flat()).not.toContain(worker);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';
import { waitForJob, type Headers } from '../support/jobs.js';

let t: TestApp;
let a: Headers;
let b: Headers;
let hr: Headers;
beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
  hr = await t.login({ username: 'hr', password: '123456' });
});
afterAll(() => t?.close());

describe('who sees a job', () => {
  it("another tenant, and a user of the same tenant who did not start it, can neither see, cancel nor download it", async () => {
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers: a, payload: { model: 'desk/notice' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    const job = await waitForJob(t, a, id);
    expect(job.state).toBe('done');

    for (const other of [b, hr]) {
      expect((await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}`, headers: other })).status).toBe(404);
      expect((await t.call({ method: 'POST', url: `/api/atrium/jobs/${id}/cancel`, headers: other })).status).toBe(404);
      expect((await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}/file`, headers: other })).status).toBe(404);
      const listed = await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: other });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((j: any) => j.id)).not.toContain(id);
    }
    expect((await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}/file`, headers: a })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: a })).body.data.map((j: any) => j.id)).toContain(id);
  }, 120_000);

  it('a job id that is not one is a 404, not an error', async () => {
    for (const id of ['abc', '1'.repeat(40), '-1']) expect((await t.call({ method: 'GET', url: `/api/atrium/jobs/${id}`, headers: a })).status).toBe(404);
  });
});

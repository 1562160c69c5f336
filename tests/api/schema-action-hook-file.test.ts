import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWithExpense } from '../support/expense-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let schemas: ReturnType<typeof schemasWithExpense>;
let headers: Record<string, string>;

beforeAll(async () => {
  schemas = schemasWithExpense();
  t = await startTestApp({ schemasDir: schemas.dir, seedRegions: false });
  headers = await t.login();
});
afterAll(async () => {
  await t?.close();
  schemas?.remove();
});

describe('a custom action from a schema and one hook file beside it', () => {
  it('is served, runs the hook file on the row and answers its success text', async () => {
    const saved = await t.call({ method: 'POST', url: '/api/demo/expense/submit', headers, payload: { title: 'Train', amount: 120 } });
    const id = String(saved.body.data.id);
    const res = await t.call({ method: 'POST', url: '/api/demo/expense/approve', headers, query: { id } });
    expect(res.body).toMatchObject({ code: 200, msg: '已审批' });
    expect(res.body.data.approvedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const detail = await t.call({ method: 'GET', url: '/api/demo/expense/detail', headers, query: { id } });
    expect(detail.body.data).toMatchObject({ approved: 1, approvedAt: res.body.data.approvedAt });
  });

  it('seeds its button under the menu, so a role can be granted it', async () => {
    const buttons = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons', headers })).body.data);
    expect(buttons).toContain('expense_approve');
  });

  it('refuses a row that is not there, and changes nothing', async () => {
    const res = await t.call({ method: 'POST', url: '/api/demo/expense/approve', headers, query: { id: '123456789012345678' } });
    expect(res.status).toBe(404);
  });
});

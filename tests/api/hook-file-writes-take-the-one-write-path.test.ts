/**
 * A hook file writes through `atrium/hooks`, never the repository: its writes are checked by
 * the schema's rules (refused in the caller's language, nothing stored), run the entity's
 * write hooks, and roll back with the action's transaction when anything throws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWithClaim } from '../support/claim-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let schemas: ReturnType<typeof schemasWithClaim>;
let headers: Record<string, string>;

beforeAll(async () => {
  schemas = schemasWithClaim();
  t = await startTestApp({ schemasDir: schemas.dir, seedRegions: false });
  headers = await t.login();
});
afterAll(async () => {
  await t?.close();
  schemas?.remove();
});

async function newClaim(amount: number): Promise<string> {
  const saved = await t.call({ method: 'POST', url: '/api/demo/claim/submit', headers, payload: { title: 'Train', amount } });
  return String(saved.body.data.id);
}

const detail = async (id: string) => (await t.call({ method: 'GET', url: '/api/demo/claim/detail', headers, query: { id } })).body.data;
const claims = async () => (await t.call({ method: 'GET', url: '/api/demo/claim/list', headers, query: { size: '100' } })).body.data;
const run = (action: string, id: string, params: Record<string, string> = {}, lang = 'zh') =>
  t.call({ method: 'POST', url: `/api/demo/claim/${action}`, headers: { ...headers, 'accept-language': lang }, query: { id, ...params } });

describe('a hook file writes through the one write path', () => {
  it('stores a valid value through the entity\'s write hooks, which see the action', async () => {
    const id = await newClaim(100);
    const res = await run('raise', id, { amount: '300' });
    expect(res.body).toMatchObject({ code: 200, success: true });
    expect(await detail(id)).toMatchObject({ amount: 300, note: expect.stringMatching(/^by \d{4} via raise$/) });
  });

  it('refuses a value the schema does not allow, in the caller\'s language, and stores nothing', async () => {
    const id = await newClaim(100);
    const zh = await run('raise', id, { amount: '5000' }, 'zh');
    const en = await run('raise', id, { amount: '5000' }, 'en');
    for (const res of [zh, en]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false });
      expect(Object.keys(res.body.fieldErrors)).toEqual(['amount']);
    }
    expect(zh.body.msg).toBe('金额不能大于1000');
    expect(en.body.msg).toBe('Amount must be at most 1000');
    expect(await detail(id)).toMatchObject({ amount: 100 });
  });

  it('rolls back what the action wrote before a later write was refused', async () => {
    const id = await newClaim(100);
    const before = (await claims()).total;
    const res = await run('split', id, { amount: 'many' }, 'en');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['amount']);
    expect((await claims()).total).toBe(before);
    expect(await detail(id)).toMatchObject({ amount: 100 });

    expect((await run('split', id, { amount: '60' })).body.code).toBe(200);
    expect((await claims()).total).toBe(before + 1);
  });

  it('rolls back when the entity\'s hook throws its typed error, answered in the caller\'s language', async () => {
    const id = await newClaim(100);
    const res = await run('raise', id, { amount: '999' }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe((await run('raise', id, { amount: '999' }, 'en')).body.msg);
    expect(res.body.msg).not.toBe('common.duplicate');
    expect(await detail(id)).toMatchObject({ amount: 100 });
  });

  it('rolls back the action\'s own write when the action throws, with its text in the caller\'s language', async () => {
    const id = await newClaim(100);
    const zh = await run('refuse', id);
    const en = await run('refuse', id, {}, 'en');
    expect([zh.status, zh.body.msg, en.status, en.body.msg]).toEqual([400, '不予报销', 400, 'not reimbursed']);
    expect((await detail(id)).note).not.toBe('refused');
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

async function errorLogs(headers: Record<string, string>, query: Record<string, string> = {}) {
  await logWriterOf(t.services)!.flush();
  const res = await t.call({ method: 'GET', url: '/api/blade-log/error/list', headers, query: { size: '200', ...query } });
  expect(res.body.code).toBe(200);
  return res.body.data.records as Record<string, any>[];
}

/** A real database failure: the notice table is renamed away for the duration of `fn`. */
async function withoutNoticeTable<T>(fn: () => Promise<T>): Promise<T> {
  const db = t.services.system.database.ownerDb; // renaming a table is its owner's
  await sql`alter table blade_notice rename to blade_notice_away`.execute(db);
  try {
    return await fn();
  } finally {
    await sql`alter table blade_notice_away rename to blade_notice`.execute(db);
  }
}

const consoleLog = (n: number) => ({
  type: 'error',
  url: `http://localhost:1888/system/param/index?n=${n}`,
  message: `Cannot read properties of undefined (reading 'x${n}')`,
  stack: `TypeError: Cannot read properties of undefined\n    at ParamPage (http://localhost:1888/src/pages/ParamPage.tsx:4${n}:7)\n    at renderWithHooks (http://localhost:1888/node_modules/.vite/deps/react-dom.js:100:1)`,
  info: 'render',
  time: '2025-01-02 03:04:05',
});

describe('error logs', () => {
  it('record a 5xx with exception, message, stack and location; the answer shows none of it', async () => {
    const res = await withoutNoticeTable(() =>
      t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: a, query: { title: 'x', password: 'query-password-value' } }));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 500, success: false });
    const answer = JSON.stringify(res.body);
    for (const internal of ['blade_notice', 'stack', '.ts:', 'relation']) expect(answer).not.toContain(internal);

    const [log] = await errorLogs(a, { requestUri: '/api/blade-desk/notice/list' });
    expect(log).toMatchObject({ method: 'GET', tenantId: '000000', createBy: 'admin', serviceId: 'atrium', methodClass: 'desk/notice', methodName: 'list' });
    expect(log.exceptionName).toBe('DatabaseError 42P01');
    expect(log.message).toContain('blade_notice');
    expect(log.stackTrace).toContain(log.message.split('\n')[0]);
    expect(log.fileName).not.toBe('');
    expect(log.lineNumber).toBeGreaterThan(0);
    expect(JSON.parse(log.params).query).toEqual({ title: 'x', password: '******' });
    expect(log.params).not.toContain('query-password-value');
  });

  it('take the console\'s uploaded error log into the list, marked as from the console', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: { ...a, 'user-agent': 'browser-agent' }, payload: [consoleLog(1), consoleLog(2)] });
    expect(res.body).toMatchObject({ code: 200, data: { received: 2 } });
    const logs = await errorLogs(a, { serviceId: 'console' });
    expect(logs.map((l) => l.message)).toEqual([consoleLog(2).message, consoleLog(1).message]);
    expect(logs[0]).toMatchObject({
      exceptionName: 'error', requestUri: 'http://localhost:1888/system/param/index?n=2',
      stackTrace: consoleLog(2).stack, fileName: 'http://localhost:1888/src/pages/ParamPage.tsx', lineNumber: 42,
      createBy: 'admin', tenantId: '000000', userAgent: 'browser-agent',
    });
    expect(JSON.parse(logs[0].params)).toMatchObject({ info: 'render', time: '2025-01-02 03:04:05' });
  });

  it('take the log list a Saber console posts to oauth/logout', async () => {
    const { authorization, 'blade-auth': token } = await t.login();
    const res = await t.call({ method: 'POST', url: '/api/blade-auth/oauth/logout', headers: { authorization, 'blade-auth': token }, payload: [{ ...consoleLog(3), message: 'sent with logout' }] });
    expect(res.body.code).toBe(200);
    expect((await errorLogs(a, { message: 'sent with logout' })).length).toBe(1);
  });

  it('limit an upload to 100 entries and bound every field', async () => {
    const tooMany = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: a, payload: Array.from({ length: 101 }, (_, i) => consoleLog(i)) });
    expect(tooMany.status).toBe(400);
    const notList = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: a, payload: { type: 'error' } });
    expect(notList.status).toBe(400);
    const huge = { ...consoleLog(4), message: 'huge entry', stack: 'x'.repeat(100_000), type: 't'.repeat(500) };
    const res = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: a, payload: { logs: [huge, 'not an entry'] } });
    expect(res.body.data.received).toBe(1);
    const [log] = await errorLogs(a, { message: 'huge entry' });
    expect(log.stackTrace.length).toBe(20_000);
    expect(log.exceptionName.length).toBe(32);
  });

  it('store text PostgreSQL cannot hold (NUL, unpaired surrogates) as replacement characters', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: a, payload: [{ type: 'error', message: 'nul-test \u0000 text \ud800 end', stack: '😀'.repeat(10_001) }] });
    expect(res.body.data.received).toBe(1);
    const [log] = await errorLogs(a, { message: 'nul-test' });
    expect(log.message).toBe('nul-test \ufffd text \ufffd end');
    expect(log.stackTrace.length).toBe(20_000);
  });

  it('are tenant-scoped', async () => {
    await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: b, payload: [{ ...consoleLog(5), message: 'from tenant B' }] });
    const ofB = await errorLogs(b);
    expect(ofB.map((l) => l.message)).toEqual(['from tenant B']);
    expect(ofB[0].tenantId).toBe('000001');
    expect(await errorLogs(a, { message: 'from tenant B' })).toEqual([]);
  });
});

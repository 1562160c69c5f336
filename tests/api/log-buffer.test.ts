import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import { LogWriter, type LogKind } from '../../src/server/modules/log/log-writer.js';
import { logUsual, logWriterOf } from '../../src/server/modules/log/index.js';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
});
afterAll(() => t?.close());

const submitParam = (app: TestApp, h: Record<string, string>, key: string) =>
  app.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: h, payload: { paramName: key, paramKey: key, paramValue: 'v' } });

const logModels = (): Record<LogKind, EntityModel> => ({
  api: t.services.model('monitor/log-api'), error: t.services.model('monitor/log-error'), usual: t.services.model('monitor/log-usual'),
});

/** A pino stand-in that keeps what the writer reports. */
function recordingSink() {
  const events: { level: 'warn' | 'error'; obj: any; msg: string }[] = [];
  return { events, warn: (obj: object, msg: string) => events.push({ level: 'warn', obj, msg }), error: (obj: object, msg: string) => events.push({ level: 'error', obj, msg }) };
}

async function usualIds(prefix: string): Promise<string[]> {
  const rows = await t.services.system.database.db.selectFrom('blade_log_usual').select('log_id').where('log_id', 'like', `${prefix}%`).orderBy('id').execute();
  return rows.map((r) => String(r.log_id));
}

describe('the log buffer', () => {
  it('is written when the app closes, before the database is', async () => {
    const own = await startTestApp();
    try {
      expect((await submitParam(own, await own.login(), 'log.close')).body.code).toBe(200);
      logUsual(own.services, { level: 'info', id: 'at-close', data: 'pushed just before close' });
      expect(logWriterOf(own.services)!.stats().queued).toBeGreaterThan(0);
      await own.app.close();
      const { databaseUrl, dataDir } = own.services.config;
      const db = await openDatabase({ databaseUrl, dataDir });
      try {
        const rows = await db.db.selectFrom('blade_log_api').select('params').where('request_uri', '=', '/api/blade-system/param/submit').execute();
        expect(rows.map((r) => JSON.parse(String(r.params)).body.paramKey)).toEqual(['log.close']);
        const usual = await db.db.selectFrom('blade_log_usual').select('log_data').where('log_id', '=', 'at-close').execute();
        expect(usual.map((r) => r.log_data)).toEqual(['pushed just before close']);
      } finally {
        await db.close();
      }
    } finally {
      await own.close();
    }
  });

  it('keeps requests working while the log table cannot be written, and writes the rows once it can', async () => {
    const db = t.services.system.database.ownerDb; // renaming a table is its owner's
    const writer = logWriterOf(t.services)!;
    await writer.flush();
    await sql`alter table blade_log_api rename to blade_log_api_away`.execute(db);
    try {
      const res = await submitParam(t, headers, 'log.while.broken');
      expect(res.body.code).toBe(200);
      await expect(writer.flush()).resolves.toBeUndefined();
      expect(writer.stats().queued).toBeGreaterThan(0);
      expect((await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers })).body.code).toBe(200);
    } finally {
      await sql`alter table blade_log_api_away rename to blade_log_api`.execute(db);
    }
    await writer.flush();
    expect(writer.stats().queued).toBe(0);
    const logs = (await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers, query: { requestUri: 'param/submit' } })).body.data.records;
    expect(logs.some((r: any) => r.params.includes('log.while.broken'))).toBe(true);
  });

  it('holds at most its capacity, dropping the oldest entries and reporting how many', async () => {
    const sink = recordingSink();
    const writer = new LogWriter({ db: t.services.system.database.db, models: logModels(), afterWrite: async () => undefined, sink, capacity: 5, batchSize: 100, intervalMs: 3_600_000 });
    for (let i = 0; i < 8; i += 1) writer.push('usual', { tenantId: '000000', logLevel: 'info', logId: `bounded-${i}`, logData: '' });
    expect(writer.stats()).toMatchObject({ queued: 5, dropped: 3 });
    await writer.close();
    expect(await usualIds('bounded-')).toEqual(['bounded-3', 'bounded-4', 'bounded-5', 'bounded-6', 'bounded-7']);
    expect(sink.events).toEqual([expect.objectContaining({ level: 'warn', obj: { dropped: 3, total: 3 } })]);
    writer.push('usual', { tenantId: '000000', logLevel: 'info', logId: 'bounded-late', logData: '' });
    expect(writer.stats().dropped).toBe(4);
  });

  it('writes more entries than a batch holds, a batch at a time', async () => {
    const writer = new LogWriter({ db: t.services.system.database.db, models: logModels(), afterWrite: async () => undefined, sink: recordingSink(), batchSize: 3, intervalMs: 3_600_000 });
    for (let i = 0; i < 7; i += 1) writer.push('usual', { tenantId: '000000', logLevel: 'info', logId: `batch-${i}`, logData: '' });
    await writer.close();
    expect((await usualIds('batch-')).length).toBe(7);
    expect(writer.stats()).toMatchObject({ queued: 0, written: 7, dropped: 0, failed: 0 });
  });

  it('reports a failing insert to the logger and gives the entries up after the last attempt', async () => {
    const sink = recordingSink();
    const models = { ...logModels(), usual: { ...logModels().usual, table: 'blade_log_missing' } };
    const writer = new LogWriter({ db: t.services.system.database.db, models, afterWrite: async () => undefined, sink, maxAttempts: 2, intervalMs: 3_600_000 });
    writer.push('usual', { tenantId: '000000', logLevel: 'info', logId: 'doomed', logData: '' });
    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 1, failed: 0 });
    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 0, failed: 1 });
    await writer.close();
    expect(sink.events.map((e) => [e.level, e.msg])).toEqual([['error', 'log flush failed'], ['error', 'log flush failed']]);
    expect(sink.events[1].obj).toMatchObject({ kind: 'usual', entries: 1, givenUp: 1 });
  });
});

describe('usual logs', () => {
  it('come from logUsual and are listed and searchable by level and id', async () => {
    logUsual(t.services, { level: 'warn', id: 'usual-test', data: { quota: 3 } });
    logUsual(t.services, { level: 'info', id: 'usual-test', data: 'plain text' });
    logUsual(t.services, { level: 'info', id: 'usual-test', data: 'elsewhere', tenantId: '000009' });
    await logWriterOf(t.services)!.flush();
    const list = (query: Record<string, string>) => t.call({ method: 'GET', url: '/api/blade-log/usual/list', headers, query }).then((r) => r.body.data.records);
    expect((await list({ logId: 'usual-test' })).map((r: any) => r.logData)).toEqual(['plain text', '{"quota":3}']);
    expect((await list({ logId: 'usual-test', logLevel: 'warn' })).map((r: any) => r.logData)).toEqual(['{"quota":3}']);
    const [row] = await list({ logLevel: 'warn', logId: 'usual-test' });
    const detail = await t.call({ method: 'GET', url: '/api/blade-log/usual/detail', headers, query: { id: row.id } });
    expect(detail.body.data).toMatchObject({ logLevel: 'warn', serviceId: 'atrium', tenantId: '000000' });
  });
});

describe('API_LOG=off', () => {
  it('stops API logs and keeps error logs', async () => {
    const off = await startTestApp({ apiLog: false });
    try {
      const h = await off.login();
      expect((await submitParam(off, h, 'log.off')).body.code).toBe(200);
      const upload = await off.call({ method: 'POST', url: '/api/blade-log/error/client', headers: h, payload: [{ type: 'error', message: 'still logged' }] });
      expect(upload.body.data.received).toBe(1);
      await logWriterOf(off.services)!.flush();
      expect((await off.call({ method: 'GET', url: '/api/blade-log/api/list', headers: h })).body.data.total).toBe(0);
      expect((await off.call({ method: 'GET', url: '/api/blade-log/error/list', headers: h })).body.data.records.map((r: any) => r.message)).toEqual(['still logged']);
    } finally {
      await off.close();
    }
  });
});

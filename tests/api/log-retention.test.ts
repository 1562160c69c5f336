import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { logRetentionOf, logWriterOf } from '../../src/server/modules/log/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function logTwoSubmits(app: TestApp, admin: Record<string, string>): Promise<void> {
  for (const key of ['retention.old', 'retention.new']) {
    const res = await app.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: admin, payload: { paramName: key, paramKey: key, paramValue: 'v' } });
    expect(res.status).toBe(200);
  }
  await logWriterOf(app.services)!.flush();
}

const apiLogTotal = async (app: TestApp, admin: Record<string, string>) =>
  (await app.call({ method: 'GET', url: '/api/blade-log/api/list', headers: admin, query: { requestUri: '/api/blade-system/param/submit' } })).body.data.total;

describe('log retention (LOG_RETENTION_DAYS)', () => {
  it('deletes log rows older than the retention and keeps the newer ones; list totals follow', async () => {
    t = await startTestApp({ logRetentionDays: 30 });
    const admin = await t.login();
    await logTwoSubmits(t, admin);
    expect(await apiLogTotal(t, admin)).toBe(2);
    const db = t.services.system.repo.db;
    const [oldest] = await db.selectFrom('blade_log_api').select('id').where('request_uri', '=', '/api/blade-system/param/submit').orderBy('id').limit(1).execute();
    await sql`update blade_log_api set create_time = localtimestamp - interval '31 days' where id = ${oldest.id}`.execute(db);

    const deleted = await logRetentionOf(t.services)!.purge();
    expect(deleted.blade_log_api).toBe(1);
    expect(await apiLogTotal(t, admin)).toBe(1);
    expect(await db.selectFrom('blade_log_api').select('id').where('id', '=', oldest.id).execute()).toEqual([]);
    expect((await logRetentionOf(t.services)!.purge()).blade_log_api).toBe(0);
  });

  it('keeps every log row when no retention is set', async () => {
    t = await startTestApp();
    expect(logRetentionOf(t.services)).toBeUndefined();
  });

  it('reads LOG_RETENTION_DAYS as whole days and refuses anything else', () => {
    expect(loadConfig({}).logRetentionDays).toBe(0);
    expect(loadConfig({ LOG_RETENTION_DAYS: '90' }).logRetentionDays).toBe(90);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '-1' })).toThrow(/LOG_RETENTION_DAYS/);
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '1.5' })).toThrow(/LOG_RETENTION_DAYS/);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { AppServices } from '../../src/server/app-services.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { createTestDatabase } from '../support/test-database.js';
import { BASIC } from '../support/test-app.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A new install: its own data folder (or PostgreSQL database), started as often as asked. */
async function newInstall() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-demo-business-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  cleanups.push(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return async (env: Record<string, string> = {}) => {
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false', SEED_DEMO: '', ...env },
      { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
    );
    const { app, services } = await buildApp(config);
    await app.ready();
    const res = await app.inject({
      method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5Hex('admin-pw'), grant_type: 'password', scope: 'all' },
    });
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${JSON.parse(res.body).access_token}` };
    const call = async (method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; payload?: object } = {}) =>
      JSON.parse((await app.inject({ method, url: `/api${url}`, headers, ...opts })).body);
    return { app, services, call };
  };
}

type Started = Awaited<ReturnType<Awaited<ReturnType<typeof newInstall>>>>;

/** Rows of a business list (the engine screen's page), as staff would see them. */
const listed = async (s: Started, path: string) => (await s.call('GET', `/blade-manage/${path}/list`, { query: { current: '1', size: '1' } })).data.total;

/** The sums read straight from the tables, not through the report engine. */
async function tableSums(services: AppServices) {
  const db = services.system.database.db;
  const one = async (table: string) => (await sql<{ n: string; total: string }>`select count(*) as n, coalesce(sum(amount), 0) as total from ${sql.table(table)} where tenant_id = '000000' and is_deleted = 0`.execute(db)).rows[0];
  return { wage: await one('manage_wage'), expense: await one('manage_expense'), income: await one('manage_income') };
}

const year = new Date().getFullYear();
const ALL = { startDate: `${year - 3}-01-01`, endDate: `${year + 1}-12-31` };

describe('SEED_DEMO=1: the demo business of tenant 000000', () => {
  it('the first start fills it so the reports show live figures; a second start adds nothing; without it nothing is seeded', async () => {
    const start = await newInstall();
    const first = await start({ SEED_DEMO: '1' });
    // The README's size: 36 items, 300 workers with a wage row a month over 24 months, 4 expenses an item and month.
    expect(await listed(first, 'iteminfo')).toBe(36);
    expect(await listed(first, 'wage')).toBe(300 * 24);
    expect(await listed(first, 'expense')).toBe(36 * 4 * 24);
    const sums = await tableSums(first.services);

    const wages = (await first.call('POST', '/blade-manage/report/workerWages', { payload: ALL })).data;
    expect(wages.total).toBe(300 * 24);
    expect(wages.totals.amount).toBeCloseTo(Number(sums.wage.total), 2);
    const money = (await first.call('POST', '/blade-manage/report/incomeAndExpenseInfo', { query: ALL })).data;
    expect(money.total).toBe(24);
    expect(money.totals.income).toBeCloseTo(Number(sums.income.total), 2);
    expect(money.totals.wages).toBeCloseTo(Number(sums.wage.total), 2);
    expect(money.totals.expense).toBeCloseTo(Number(sums.expense.total), 2);
    expect(money.totals.income).toBeGreaterThan(0);
    for (const name of ['teamLeaderWages', 'itemExpenseInfo', 'monthExpenseInfo', 'carInfo', 'assetInfo', 'itemTotal', 'customInfo']) {
      const d = (await first.call('POST', `/blade-manage/report/${name}`, { payload: ALL })).data;
      expect(d.total, name).toBeGreaterThan(0);
    }
    const targets = (await first.call('POST', '/blade-manage/report/saleTarget', { payload: { year: String(year) } })).data;
    expect(targets.total).toBe(5);
    await first.app.close();

    const second = await start({ SEED_DEMO: '1' });
    expect(await listed(second, 'iteminfo')).toBe(36);
    expect(await tableSums(second.services)).toEqual(sums);
    await second.app.close();

    const plain = await (await newInstall())();
    expect(await listed(plain, 'iteminfo')).toBe(0);
    expect((await plain.call('POST', '/blade-manage/report/itemTotal', { payload: ALL })).data).toMatchObject({ total: 0, records: [] });
    await plain.app.close();
  }, 240_000);
});

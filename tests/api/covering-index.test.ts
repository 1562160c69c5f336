import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const ROW_SECURITY = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, ROW_SECURITY: process.env.ROW_SECURITY }).rowSecurity;

beforeAll(async () => {
  t = await startTestApp();
  await sql`insert into manage_wage (id, tenant_id, wage_month, item_id, worker_id, team_leader_id, work_days, amount, paid_amount, status, is_deleted)
    select 3000000000000000 + g, '000000', date '2024-01-01' + (g % 700), g % 50, g % 900, g % 30, 20, 1000 + g % 7, 900, 1, 0
    from generate_series(1, 30000) g`.execute(t.services.system.repo.db);
  await sql`vacuum analyze manage_wage`.execute(t.services.system.database.ownerDb); // the owner: as atrium_app, vacuum skips the table
});
afterAll(() => t?.close());

const wageIndex = async () => (await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
  where tablename = 'manage_wage' and indexdef like '%INCLUDE%' and indexdef like '%month_of_wage_month%'`.execute(t.services.system.repo.db)).rows;

/**
 * Plans of the index design, as the connecting user and, under row security, as the app's
 * role (through `database.db`): the month is a stored date column, so its comparisons are
 * leakproof and the policies leave the index to the report's conditions.
 */
const plans = async (query: { execute(db: any): Promise<{ rows: { 'QUERY PLAN': string }[] }> }) => {
  const dbs = [t.services.system.database.ownerDb, ...(ROW_SECURITY ? [t.services.system.database.db] : [])];
  return Promise.all(dbs.map(async (db) => (await query.execute(db)).rows.map((r) => r['QUERY PLAN']).join('\n')));
};

describe('covering indexes (x-table.indexes with include)', () => {
  it('key the tenant, the stored month of the date and the declared fields, and carry the included fields and the deleted flag', async () => {
    const rows = await wageIndex();
    expect(rows).toHaveLength(1);
    expect(rows[0].indexdef).toMatch(/\(tenant_id, month_of_wage_month, worker_id, item_id\) INCLUDE \(is_deleted, wage_month, team_leader_id, work_days, amount, paid_amount\)/);
    const month = await sql<{ d: string; m: string }>`select wage_month::text as d, month_of_wage_month::text as m from manage_wage where id = 3000000000000045`.execute(t.services.system.repo.db);
    expect(month.rows).toEqual([{ d: '2024-02-15', m: '2024-02-01' }]);
  });

  it('let a month of wage sums read the index only, not the table (as the owner and as the app\'s role under row security)', async () => {
    const index = (await wageIndex())[0].indexname;
    for (const plan of await plans(sql<{ 'QUERY PLAN': string }>`explain select worker_id, sum(amount), sum(paid_amount) from manage_wage
      where tenant_id = '000000' and is_deleted = 0 and wage_month >= date '2025-03-01' and wage_month <= date '2025-03-31'
        and month_of_wage_month between date '2025-03-01' and date '2025-03-01' group by worker_id`)) {
      expect(plan).toContain(`Index Only Scan using ${index}`);
      expect(plan).toMatch(/Index Cond: .*month_of_wage_month >= '2025-03-01'::date\) AND \(month_of_wage_month <= '2025-03-01'::date\)\)/);
    }
  });

  it('give the wage sheet\'s page in group order without reading every group', async () => {
    for (const plan of await plans(sql<{ 'QUERY PLAN': string }>`explain select month_of_wage_month, worker_id, item_id, sum(amount) from manage_wage
      where tenant_id = '000000' and is_deleted = 0 and wage_month >= date '2024-01-01' and wage_month <= date '2025-12-31'
        and month_of_wage_month between date '2024-01-01' and date '2025-12-01'
      group by 1, 2, 3 order by 1, 2, 3 limit 20`)) {
      expect(plan).toMatch(/Limit[\s\S]*GroupAggregate[\s\S]*Index Only Scan/);
      expect(plan).not.toMatch(/Sort|Hash/);
    }
  });
});

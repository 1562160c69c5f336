import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await sql`insert into manage_wage (id, tenant_id, wage_month, item_id, worker_id, team_leader_id, work_days, amount, paid_amount, status, is_deleted)
    select 3000000000000000 + g, '000000', date '2024-01-01' + (g % 700), g % 50, g % 900, g % 30, 20, 1000 + g % 7, 900, 1, 0
    from generate_series(1, 30000) g`.execute(t.services.system.repo.db);
  await sql`vacuum analyze manage_wage`.execute(t.services.system.database.ownerDb); // the owner: as atrium_app, vacuum skips the table
});
afterAll(() => t?.close());

const wageIndex = async () => (await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
  where tablename = 'manage_wage' and indexdef like '%INCLUDE%' and indexdef like '%date_trunc%'`.execute(t.services.system.repo.db)).rows;

describe('covering indexes (x-table.indexes with include)', () => {
  it('key the tenant, the month of the date and the declared fields, and carry the included fields and the deleted flag', async () => {
    const rows = await wageIndex();
    expect(rows).toHaveLength(1);
    expect(rows[0].indexdef).toMatch(/\(tenant_id, date_trunc\('month'::text, \(wage_month\)::timestamp without time zone\), worker_id, item_id\) INCLUDE \(is_deleted, wage_month, team_leader_id, work_days, amount, paid_amount\)/);
  });

  it('let a month of wage sums read the index only, not the table', async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select worker_id, sum(amount), sum(paid_amount) from manage_wage
      where tenant_id = '000000' and is_deleted = 0 and wage_month >= date '2025-03-01' and wage_month <= date '2025-03-31'
        and date_trunc('month', wage_month::timestamp) between timestamp '2025-03-01' and timestamp '2025-03-01' group by worker_id`.execute(t.services.system.repo.db);
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(`Index Only Scan using ${(await wageIndex())[0].indexname}`);
  });

  it('give the wage sheet\'s page in group order without reading every group', async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select date_trunc('month', wage_month::timestamp), worker_id, item_id, sum(amount) from manage_wage
      where tenant_id = '000000' and is_deleted = 0 and wage_month >= date '2024-01-01' and wage_month <= date '2025-12-31'
        and date_trunc('month', wage_month::timestamp) between timestamp '2024-01-01' and timestamp '2025-12-01'
      group by 1, 2, 3 order by 1, 2, 3 limit 20`.execute(t.services.system.repo.db);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Limit[\s\S]*GroupAggregate[\s\S]*Index Only Scan/);
    expect(plan).not.toMatch(/Sort|Hash/);
  });
});

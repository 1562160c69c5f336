import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** PGlite runs no autovacuum: the server analyzes and vacuums its tables itself (db/pglite-maintenance.ts). */
const embedded = !process.env.DATABASE_URL;

let t: TestApp;
let headers: Record<string, string>;

interface TableStats { analyzed: boolean; vacuumed: boolean; dead: number; estimate: number; rows: number }

async function stats(table: string): Promise<TableStats> {
  const db = t.services.system.database.ownerDb;
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableStats>`
    select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed, s.n_dead_tup::int as dead,
      c.reltuples::int as estimate, (select count(*)::int from ${sql.table(table)}) as rows
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`.execute(db);
  return rows[0];
}

async function until(what: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('the maintenance never came');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ROWS = 400;

beforeAll(async () => {
  if (!embedded) return;
  t = await startTestApp({ seedRegions: false, embeddedMaintenanceMs: 300 });
  headers = await t.login();
});
afterAll(async () => { await t?.close(); });

describe.skipIf(!embedded)('the embedded database keeps its own statistics and reclaims dead rows', () => {
  // Analyzed again once the rows changed since exceed 50 + 10 % (autovacuum's rule): the estimate may lag by that much.
  it('analyzes a table written through the API, so the planner knows how many rows it holds', { timeout: 120_000 }, async () => {
    const long = 'v'.repeat(400);
    for (let i = 0; i < ROWS; i++) {
      const res = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: `p${i}`, paramKey: `bench.maint.${i}`, paramValue: long } });
      expect(res.body.success).toBe(true);
    }
    await until(async () => { const s = await stats('blade_param'); return s.analyzed && s.estimate >= 0.8 * s.rows; });
    expect((await stats('blade_param')).rows).toBeGreaterThanOrEqual(ROWS);
  });

  it('vacuums a table whose rows were removed through the API', { timeout: 120_000 }, async () => {
    const ids: string[] = [];
    for (const current of ['1', '2', '3']) {
      const page = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers, query: { paramKey: 'bench.maint.', current, size: '100' } });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      ids.push(...page.body.data.records.map((r: { id: string }) => r.id));
    }
    expect(ids.length).toBe(300);
    const removed = await t.call({ method: 'POST', url: '/api/blade-system/param/remove', headers, query: { ids: ids.join(',') } });
    expect(removed.body.success).toBe(true);
    await until(async () => { const s = await stats('blade_param'); return s.vacuumed && s.dead < 50; });
  });
});

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
    select 2000000000000000 + g, 'trgm name ' || g, md5(g::text), 'v', 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
    from generate_series(1, 20000) g`.execute(t.services.system.repo.db);
  await sql`analyze blade_param`.execute(t.services.system.database.ownerDb);
});
afterAll(() => t?.close());

describe('trigram indexes (x-table.indexes method "trigram")', () => {
  it('are created for the declared fields', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = 'blade_param'`.execute(t.services.system.repo.db);
    const trigram = rows.filter((r) => r.indexdef.includes('gin_trgm_ops')).map((r) => r.indexname).sort();
    expect(trigram).toEqual(['tg_blade_param_param_key', 'tg_blade_param_param_name']);
  });

  it('serve a contains-search instead of a scan of the table', async () => {
    const part = createHash('md5').update('777').digest('hex').slice(0, 8);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from blade_param where is_deleted = 0 and param_key like ${`%${part}%`}`.execute(t.services.system.repo.db);
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on tg_blade_param_param_key/);
  });

  it('answer the same rows as before: every name containing the text, % and _ taken literally', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: admin, query: { paramName: 'name 1234', size: '100' } });
    expect(res.body.data.total).toBe(11); // 1234 and 12340–12349
    expect(res.body.data.records.every((r: any) => r.paramName.includes('name 1234'))).toBe(true);
    const literal = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: admin, query: { paramName: 'name 1_34' } });
    expect(literal.body.data.total).toBe(0);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { runMigrate } from '../../src/server/db/migrate-command.js';
import { projectPath } from '../support/paths.js';
import { createTestDatabase } from '../support/test-database.js';

/*
 * A database from before covering indexes keyed a stored month: manage_wage had no
 * month_of_wage_month column, and its covering index keyed date_trunc('month', wage_month).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-stored-month-'));
const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
const config = loadConfig(
  { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' },
  { adminPassword: 'month-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: projectPath('dist/none') },
);
const OLD_INDEX = 'ix_manage_wage_old_month_cover';

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a wage table from before the stored month', () => {
  it('gets the column at start, filled from each row\'s date, and its index; db:migrate drops the old index', async () => {
    const first = await buildApp(config);
    const owner = first.services.system.database.ownerDb;
    await sql`insert into manage_wage (id, tenant_id, wage_month, item_id, worker_id, team_leader_id, work_days, amount, paid_amount, status, is_deleted)
      select 3100000000000000 + g, '000000', date '2025-01-31' + g, 1, g, 1, 20, 1000, 900, 1, 0 from generate_series(1, 3) g`.execute(first.services.system.repo.db);
    await sql.raw('alter table manage_wage drop column month_of_wage_month cascade').execute(owner);
    await sql.raw(`create index ${OLD_INDEX} on manage_wage (tenant_id, date_trunc('month', wage_month::timestamp), worker_id, item_id) include (is_deleted, wage_month, amount)`).execute(owner);
    await first.app.close();

    const second = await buildApp(config);
    try {
      const rows = await sql<{ d: string; m: string }>`select wage_month::text as d, month_of_wage_month::text as m from manage_wage
        where id between 3100000000000001 and 3100000000000003 order by id`.execute(second.services.system.repo.db);
      expect(rows.rows).toEqual([{ d: '2025-02-01', m: '2025-02-01' }, { d: '2025-02-02', m: '2025-02-01' }, { d: '2025-02-03', m: '2025-02-01' }]);
      const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'manage_wage' and indexdef like '%INCLUDE%'`.execute(second.services.system.repo.db);
      expect(indexes.rows.map((r) => r.indexdef).join('\n')).toMatch(/\(tenant_id, month_of_wage_month, worker_id, item_id\) INCLUDE/);
      expect(second.services.drift.map((d) => [d.kind, d.index])).toEqual([['index-extra', OLD_INDEX]]);
    } finally {
      await second.app.close();
    }
    const lines: string[] = [];
    expect(await runMigrate(['--apply'], config, (line) => lines.push(line)), lines.join('\n')).toBe(0);
    const third = await buildApp(config);
    try {
      expect(third.services.drift).toEqual([]);
    } finally {
      await third.app.close();
    }
  }, 180_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

// Processes of a new version starting together each seed what the database lacks (here a
// button row the object-storage module adds). Made deterministic: another transaction holds
// the same row uncommitted, so the starting process's check sees nothing, its insert waits on
// the unique index, and meets a unique violation once that transaction commits.
describe.runIf(process.env.DATABASE_URL)('a server starting beside another', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-beside-'));
  let database: { url: string; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves when the other adds the same missing button row while it starts, and the row exists once', async () => {
    database = await createTestDatabase(process.env.DATABASE_URL!);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    await (await startServerProcess(env)).stop();

    const other = new pg.Client({ connectionString: database.url });
    // pg_stat_activity read inside a transaction is the snapshot of its first read: another session watches.
    const watcher = new pg.Client({ connectionString: database.url });
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      const { rows: [removed] } = await other.query("delete from blade_menu where code = 'attach_upload' returning row_to_json(blade_menu) as row");
      await other.query('begin');
      await other.query('insert into blade_menu select * from json_populate_record(null::blade_menu, $1)', [removed.row]);
      const starting = startServerProcess(env);
      starting.catch(() => undefined);
      const waitingOnIndex = async () => (await watcher.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into \"blade_menu\"%'",
      )).rows[0].n > 0;
      for (const until = Date.now() + 60_000; !(await waitingOnIndex());) {
        if (Date.now() > until) throw new Error('the starting server never waited on the menu index');
        await new Promise((r) => setTimeout(r, 50));
      }
      await other.query('commit');
      const server = await starting;
      try {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
        expect(res.status).toBe(200);
        expect(server.alive()).toBe(true);
      } finally {
        await server.stop();
      }
      const { rows } = await watcher.query("select count(*)::int as n from blade_menu where code = 'attach_upload' and is_deleted = 0");
      expect(rows[0].n).toBe(1);
    } finally {
      await Promise.all([other.end(), watcher.end()]);
    }
  }, 180_000);
});

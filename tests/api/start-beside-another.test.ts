import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

// Processes of a new version starting together each seed what the database lacks. Made
// deterministic: another transaction adds the same row and holds it uncommitted, so the
// starting process's check sees nothing and its write waits (on the unique index, or on the
// key's lock), then meets the committed row.
describe.runIf(process.env.DATABASE_URL)('a server starting beside another', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-beside-'));
  let database: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  let other: pg.Client;
  // pg_stat_activity read inside a transaction is the snapshot of its first read: another session watches.
  let watcher: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL!);
    env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    await (await startServerProcess(env)).stop();
    other = new pg.Client({ connectionString: database.url });
    watcher = new pg.Client({ connectionString: database.url });
    await Promise.all([other.connect(), watcher.connect()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([other?.end(), watcher?.end()]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Starts a server while `other` holds `hold` uncommitted; once a session of the server waits as
   * `waiting` says, runs `then` in the same transaction and commits. Answers the server's readiness.
   */
  async function startWhileHeld(hold: () => Promise<void>, waiting: string, then = async () => {}) {
    await other.query('begin');
    let starting: ReturnType<typeof startServerProcess> | undefined;
    try {
      await hold();
      starting = startServerProcess(env);
      starting.catch(() => undefined);
      const waits = async () => (await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and ${waiting}`)).rows[0].n > 0;
      for (const until = Date.now() + 60_000; !(await waits());) {
        if (Date.now() > until) throw new Error(`no session of the starting server waited (${waiting})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await then();
      await other.query('commit');
      const server = await starting;
      return (await fetch(`http://127.0.0.1:${server.port}/api/health/ready`)).status;
    } finally {
      await other.query('rollback'); // a no-op after the commit; ends the transaction when the test failed before it
      await starting?.then((server) => server.stop(), () => undefined);
    }
  }

  it('serves when the other adds the same missing button row while it starts, and the row exists once', async () => {
    const { rows: [removed] } = await other.query("delete from blade_menu where code = 'attach_upload' returning row_to_json(blade_menu) as row");
    const status = await startWhileHeld(
      async () => { await other.query('insert into blade_menu select * from json_populate_record(null::blade_menu, $1)', [removed.row]); },
      `query ilike 'insert into "blade_menu"%'`,
    );
    expect(status).toBe(200);
    expect((await watcher.query("select count(*)::int as n from blade_menu where code = 'attach_upload' and is_deleted = 0")).rows[0].n).toBe(1);
  }, 180_000);

  it('deploys the seeded leave process once when the other deploys it while it starts', async () => {
    const { rows: [removed] } = await other.query("delete from blade_flow_definition where process_key = 'Leave' returning row_to_json(blade_flow_definition) as row");
    // The table's lock is not held while the server starts (its start creates indexes on it): the row comes once the server waits for the key.
    const status = await startWhileHeld(
      async () => { await other.query("select pg_advisory_xact_lock(hashtext('flow::Leave'))"); },
      "wait_event = 'advisory'",
      async () => { await other.query('insert into blade_flow_definition select * from json_populate_record(null::blade_flow_definition, $1)', [removed.row]); },
    );
    expect(status).toBe(200);
    expect((await watcher.query("select version from blade_flow_definition where process_key = 'Leave'")).rows).toEqual([{ version: 1 }]);
  }, 180_000);
});

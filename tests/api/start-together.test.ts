import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { START_LOCK } from '../../src/server/db/start-lock.js';
import { closeAgents, request, signedIn } from '../support/cluster-client.js';
import { startServerCluster } from '../support/server-cluster.js';
import { startServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

const PASSWORD = 'together-admin-pw';

/** Business keys the first start seeds: each must exist once however many processes started. */
const SEEDED_KEYS: [table: string, key: string][] = [
  ['blade_tenant', 'tenant_id'],
  ['blade_user', 'tenant_id, account'],
  ['blade_role', 'tenant_id, role_alias'],
  ['blade_menu', 'code'],
  ['blade_dict', 'code, dict_key'],
  ['blade_param', 'param_key'],
  ['blade_flow_definition', 'tenant_id, process_key'],
];

// README "Run several processes": every process gets the same DATABASE_URL, REDIS_URL and
// DATA_DIR, and they may all be started at once, even on a new database and a new folder.
describe.runIf(process.env.DATABASE_URL)('servers started together on a new database', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    closeAgents();
    for (const stop of stops.reverse()) await stop();
  });

  async function fresh() {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-together-'));
    stops.push(async () => { await database.drop(); rmSync(dataDir, { recursive: true, force: true }); });
    return { database, dataDir, env: { DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD } };
  }

  it('all serve, the seed is made once, and a token from one is accepted by the others', async () => {
    const { database, dataDir, env } = await fresh();
    const servers = await startServerCluster(3, env);
    stops.push(...servers.map((server) => server.stop));
    for (const server of servers) expect((await request(server.port, 'GET', '/api/health/ready')).status).toBe(200);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const [table, key] of SEEDED_KEYS) {
        const { rows } = await client.query(`select ${key}, count(*)::int as n from ${table} group by ${key} having count(*) > 1`);
        expect(rows, `${table} (${key}) seeded twice`).toEqual([]);
        expect((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n, `${table} seeded`).toBeGreaterThan(0);
      }
    } finally {
      await client.end();
    }
    // One signing key in the shared folder, used by all: a token signed by one process passes the others.
    expect(readFileSync(join(dataDir, 'jwt.key'), 'utf8').trim()).toMatch(/^[\w-]{64}$/);
    if (process.env.REDIS_URL) {
      const headers = await signedIn(servers[0].port, PASSWORD);
      for (const server of servers.slice(1)) {
        const answer = await request(server.port, 'GET', '/api/blade-system/param/list?current=1&size=1', { headers });
        expect(answer.body.code, `process on ${server.port}`).toBe(200);
      }
    }
  }, 240_000);

  it('a server waits until another process has made the tables and the seed', async () => {
    const { database, env } = await fresh();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [START_LOCK]);
      const starting = startServerProcess(env);
      // Stopped at the end however the test goes.
      stops.push(async () => { await starting.then((server) => server.stop(), () => undefined); });
      // The starting process's session waits on the lock, and it has made no table meanwhile.
      const waits = async () => (await other.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'")).rows[0].n > 0;
      for (const until = Date.now() + 60_000; !(await waits());) {
        if (Date.now() > until) throw new Error('the starting server did not wait for the start lock');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await other.query("select to_regclass('blade_param') as t")).rows[0].t).toBeNull();
      await other.query('select pg_advisory_unlock($1)', [START_LOCK]);
      const server = await starting;
      expect((await request(server.port, 'GET', '/api/health/ready')).status).toBe(200);
    } finally {
      await other.end();
    }
  }, 240_000);
});

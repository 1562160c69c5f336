/**
 * A fence left by a crashed online move (issue 16): `npm run tenant:move -- <tenant>
 * --lift-fence` refuses while the move runs (it holds the tenant's move lock), and once the
 * mover is killed lifts the fence it left, after which the server serves the tenant again,
 * its rows where they were. The mover is the command in a process of its own, held at its
 * copy by a lock on a tenant table, then killed (SIGKILL). Needs PostgreSQL and Redis.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { runTenantMove } from '../../src/server/ops/tenant-move/tenant-move-command.js';
import { projectPath } from '../support/paths.js';
import { addTenant } from '../support/second-tenant.js';
import { JWT_SECRET, mainAndOwnDatabases, signInOn, until, type MainAndOwn } from '../support/main-and-own-databases.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const B = '000001';
const PASSWORD = 'tenant-pw-5';

let one: BuiltApp;
let config: Config;
let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];
let dataDir: string;

const login = (tenantId: string, password: string) => signInOn(one, tenantId, password);

async function liftFence(): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await runTenantMove([B, '--lift-fence'], config, (line) => lines.push(line));
  return { code, text: lines.join('\n') };
}

beforeAll(async () => {
  if (!shared) return;
  databases = await mainAndOwnDatabases('atrium-lift-fence-');
  ({ main, own, dataDir } = databases);
  const env = { SCHEMA_RELOAD_INTERVAL_MS: '200' };
  config = databases.config(env);
  [one] = await databases.buildApps(1, env);
  await addTenant(one.services, B, PASSWORD);
}, 180_000);

afterAll(async () => {
  if (!shared) return;
  await databases?.drop();
});

describe.skipIf(!shared)('tenant:move --lift-fence after a crashed online move (PostgreSQL + Redis)', () => {
  it('refuses while the move runs, then lifts the fence it left and the tenant is served again from where its rows are', async () => {
    const admin = await login('000000', ADMIN_PASSWORD);
    const b = await login(B, PASSWORD);
    const list = () => one.app.inject({ method: 'GET', url: '/api/blade-manage/customer/list', headers: b, query: { current: '1', size: '50' } });
    expect((await one.app.inject({ method: 'POST', url: '/api/blade-manage/customer/submit', headers: b, payload: { customerName: 'B kept' } })).statusCode).toBe(200);
    const url = new URL(own.url);
    const source = JSON.parse((await one.app.inject({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: admin, payload: {
      name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
    } })).body);

    const blocker = new pg.Client({ connectionString: main.url });
    await blocker.connect();
    await blocker.query('begin');
    // Exclusive: readers pass (the command's start reads the table's policies), the move's share lock waits.
    await blocker.query('lock table manage_customer in exclusive mode');
    const mover = spawn(process.execPath, ['--import', 'tsx', projectPath('src/server/ops/tenant-move/tenant-move-cli.ts'), B, String(source.data.id), '--online'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: main.url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', JWT_SECRET, SCHEMA_RELOAD_INTERVAL_MS: '200', CLIENT_DIR: projectPath('dist/none') },
      cwd: projectPath('.'), stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    mover.stdout!.on('data', (chunk) => { output += chunk; });
    mover.stderr!.on('data', (chunk) => { output += chunk; });
    const exited = new Promise((r) => mover.once('exit', r));
    try {
      // The move has raised its fence, had it confirmed and waits at its copy.
      await until(async () => one.services.tenantDatabases.moving(B)
        && Number((await blocker.query("select count(*) as n from pg_locks where relation = 'manage_customer'::regclass and not granted")).rows[0].n) > 0, 120_000)
        .catch(async (error) => { throw new Error(`${error}\n${output}\n${JSON.stringify((await blocker.query("select application_name, wait_event, query from pg_stat_activity where datname = current_database()")).rows)}`); });
      const refused = await liftFence();
      expect(refused.code).toBe(2);
      expect(refused.text).toContain(`Refused: a move of tenant ${B} is running`);
      expect((await list()).statusCode).toBe(503);
      // Nor does a second move of the tenant start, from another process.
      const second = await one.app.inject({ method: 'POST', url: '/api/blade-system/tenant/datasource', headers: { ...admin, 'accept-language': 'en' }, query: { tenantId: B, datasourceId: source.data.id } });
      expect(second.statusCode, second.body).toBe(409);
      expect(JSON.parse(second.body).msg).toBe(`tenant ${B} is already being moved; wait until that move ends`);
      mover.kill('SIGKILL');
      await exited;
    } finally {
      if (mover.exitCode === null && mover.signalCode === null) mover.kill('SIGKILL');
      // The dead mover's backend waiting on the lock notices its client is gone only once it has the lock.
      await blocker.query('commit');
    }
    try {
      await until(async () => Number((await blocker.query("select count(*) as n from pg_stat_activity where application_name = 'atrium-tenant-move' and datname = any($1)",
        [[new URL(main.url).pathname.slice(1), new URL(own.url).pathname.slice(1)]])).rows[0].n) === 0, 10_000);
    } finally {
      await blocker.end();
    }
    expect(output).not.toContain('Switched');

    // The fence stays behind the crash: the tenant is still refused.
    await new Promise((r) => setTimeout(r, 1000));
    const left = await list();
    expect(left.statusCode, left.body).toBe(503);

    const lifted = await liftFence();
    expect(lifted.code).toBe(0);
    expect(lifted.text).toContain(`Lifted the fence of tenant ${B}`);
    expect(lifted.text).toContain("Its rows stay where they are: the platform's database.");
    await until(async () => (await list()).statusCode === 200, 5000);
    expect(JSON.parse((await list()).body).data.records.map((r: any) => r.customerName)).toEqual(['B kept']);
    expect((await one.app.inject({ method: 'POST', url: '/api/blade-manage/customer/submit', headers: b, payload: { customerName: 'B after' } })).statusCode).toBe(200);

    const again = await liftFence();
    expect(again).toEqual({ code: 0, text: `Tenant ${B} has no fence: nothing to lift.` });
  }, 300_000);
});

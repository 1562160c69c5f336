// Leave approvals per second against N server processes (README, "Run several processes"):
// each `npm start`-like process on one PostgreSQL database and one Redis, the bench's workers
// sending every request over HTTP to the next process in turn, as a round-robin proxy would
// (so a step mostly lands on a process that did not run the previous one and recovers the
// engine from the stored state). An additional figure beside bench:flow, not a replacement:
// the bench's own HTTP client runs on the same two cores.
//   BENCH_PROCESSES (default 2), BENCH_SECONDS (default 15), BENCH_WORKERS (default 8 per process),
//   BENCH_PIN=1: every request of one approval goes to one process (the next approval to the next)
//   REDIS_URL (default redis://127.0.0.1:6379/9), DATABASE_URL (a database of its own is created on it)
//   cluster: processes=… approvals n=… per_second=… server_cpu_per_approval=… client_cpu_per_approval=…
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { projectPath } from '../tests/support/paths.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { sql } from 'kysely';
import { approvals, backendCpu, cpuMs, load, percentile, signIn, spread, type Call } from './flow-steps.js';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8 * PROCESSES);
const PIN = process.env.BENCH_PIN === '1';
const PASSWORD = 'bench-admin-pw';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 18_480);

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: projectPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => { if (/serving/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function httpCall(base: string): Call {
  return async (method, url, headers, opts = {}) => {
    const query = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const res = await fetch(`${base}${url}${query}`, {
      method, headers: { ...headers, ...(opts.payload ? { 'content-type': 'application/json' } : {}) },
      body: opts.payload ? JSON.stringify(opts.payload) : undefined,
    });
    return res.json();
  };
}

async function main(): Promise<void> {
  const database = await createTestDatabase(BASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-flow-cluster-'));
  const env = {
    DATABASE_URL: database.url, REDIS_URL, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_REGIONS: 'false', API_LOG: 'off',
    JWT_SECRET: 'bench-flow-cluster-jwt-secret-0123456789', DATASOURCE_KEY: 'bench-flow-cluster-datasource-key-01234567',
    RATE_LIMIT_SIGN_IN: '0',
  };
  // The first start creates the tables and seeds; it stays open here only to read open task ids.
  const { app, services } = await buildApp(loadConfig({ ...process.env, ...env }, { adminPassword: PASSWORD }));
  await app.ready();
  const db = services.system.database.db;
  const servers: ChildProcess[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer({ ...env, PORT: String(FIRST_PORT + i) }));
    const calls = servers.map((_s, i) => httpCall(`http://127.0.0.1:${FIRST_PORT + i}`));
    const admin = await signIn(calls[0], 'admin', PASSWORD);
    const manager = await signIn(calls[0], 'manager', '123456');
    const hr = await signIn(calls[0], 'hr', '123456');
    const managerId = String((await db.selectFrom('blade_user').select('id').where('account', '=', 'manager').executeTakeFirstOrThrow()).id);
    const def = (await calls[0]('GET', '/api/blade-flow/work/start-list', admin)).data.records.find((r: any) => r.key === 'Leave');
    const openTask = async (instanceId: string) => String((await db.selectFrom('blade_flow_task').select('id').where('instance_id', '=', instanceId).where('end_time', 'is', null).executeTakeFirstOrThrow()).id);
    const flow = approvals({ admin, manager, hr, managerId, definitionId: def.id }, openTask);
    let turn = 0;
    const approval = () => {
      const pinned = turn++;
      return flow.approval(PIN ? () => calls[pinned % calls.length] : () => calls[turn++ % calls.length]);
    };
    console.log(load());
    for (let i = 0; i < 20 * PROCESSES; i++) await approval(); // warm-up
    flow.steps.length = 0;
    for (const times of Object.values(flow.byKind)) times.length = 0;
    let done = 0;
    const serverCpu = () => servers.reduce((sum, s) => sum + cpuMs(s.pid!), 0);
    const postgres = backendCpu(async () => (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)).rows.map((r) => r.pid));
    await postgres.begin();
    const cpu0 = serverCpu();
    const client0 = process.cpuUsage();
    const began = performance.now();
    const until = began + SECONDS * 1000;
    await Promise.all(Array.from({ length: WORKERS }, async () => {
      while (performance.now() < until) { await approval(); done++; }
    }));
    const elapsed = (performance.now() - began) / 1000;
    const server = serverCpu() - cpu0;
    const client = process.cpuUsage(client0);
    const pgCpu = await postgres.end();
    const sorted = [...flow.steps].sort((x, y) => x - y);
    console.log(`cluster: processes=${PROCESSES} routing=${PIN ? 'pinned per approval' : 'round-robin per request'} workers=${WORKERS} approvals n=${done} seconds=${elapsed.toFixed(1)} `
      + `per_second=${(done / elapsed).toFixed(1)} step_p50=${percentile(sorted, 0.5)}ms step_p99=${percentile(sorted, 0.99)}ms `
      + `server_cpu_per_approval=${(server / Math.max(1, done)).toFixed(1)}ms client_cpu_per_approval=${((client.user + client.system) / 1000 / Math.max(1, done)).toFixed(1)}ms `
      + `postgres_cpu_per_approval=${(pgCpu / Math.max(1, done)).toFixed(1)}ms`);
    console.log(`steps: start ${spread(flow.byKind.start)}, complete ${spread(flow.byKind.complete)}, claim ${spread(flow.byKind.claim)}; ${load()}`);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => { s.once('exit', resolve); s.kill('SIGTERM'); })));
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { console.error(error); process.exit(1); });

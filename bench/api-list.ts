// Throughput and latency of list/detail on one entity with 100k rows (issue #2).
// PostgreSQL (DATABASE_URL, default the local test server, in a database of its own)
// and embedded PGlite; plus the naive baseline on PostgreSQL. Prints one line a scenario
// (BENCH_ONLY=postgres|pglite, BENCH_SCENARIOS=first-page,filtered-key,by-id, BENCH_ROWS, BENCH_SECONDS narrow a run):
//   atrium <scenario> rps=… p50=… p99=… rss_mb=…
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { projectPath } from '../tests/support/paths.js';
import { createTestDatabase } from '../tests/support/test-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const PASSWORD = 'bench-admin-pw';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

interface Target { name: string; env: Record<string, string> }

/** Creates the schema and seed through buildApp, then bulk-loads the rows in SQL. */
async function prepare(env: Record<string, string>): Promise<string> {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn', SEED_REGIONS: 'false' }, { adminPassword: PASSWORD });
  const { app, services } = await buildApp(config);
  await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
    select 1000000000000000 + g, 'param name ' || g, 'bench.key.' || g, md5(g::text), 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
    from generate_series(1, ${ROWS}) g`.execute(services.system.repo.db);
  await sql`analyze blade_param`.execute(services.system.database.ownerDb); // the table's owner (row security runs queries as atrium_app)
  await app.close();
  return String(1000000000000000 + Math.floor(ROWS / 2));
}

function start(command: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: projectPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  (${r.non2xx} non-2xx, ${r.errors} errors on ${url})`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function signIn(base: string): Promise<Record<string, string>> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
  const body = (await res.json()) as { access_token: string };
  return { Authorization: BASIC, 'Blade-Auth': `bearer ${body.access_token}` };
}

function scenarios(detailId: string): [string, string][] {
  const wanted = process.env.BENCH_SCENARIOS?.split(',');
  const all: [string, string][] = [
    ['first-page', '?current=1&size=10'],
    ['deep-page', '?current=5000&size=10'],
    ['filtered', '?current=1&size=10&paramName=name%2012'],
    // A selective text (11 rows): the kind a trigram index serves.
    ['filtered-key', '?current=1&size=10&paramKey=key.4242'],
    ['by-id', `detail?id=${detailId}`],
  ];
  return wanted ? all.filter(([name]) => wanted.includes(name)) : all;
}

async function benchAtrium(target: Target, port: number) {
  const detailId = await prepare(target.env);
  const server = await start(['--import', 'tsx', 'src/server/main.ts'], { ...target.env, PORT: String(port), LOG_LEVEL: 'warn' }, /serving/);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    for (const [name, path] of scenarios(detailId)) {
      const url = path.startsWith('detail') ? `${base}/api/blade-system/param/${path}` : `${base}/api/blade-system/param/list${path}`;
      const r = await load(url, headers);
      console.log(`atrium[${target.name}] ${name} rps=${r.rps} p50=${r.p50} p99=${r.p99} rss_mb=${rssMb(server.pid!)}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
}

async function benchBaseline(databaseUrl: string, port: number, detailId: string) {
  const server = await start(['--import', 'tsx', 'bench/baseline-server.ts'], { DATABASE_URL: databaseUrl, PORT: String(port) }, /baseline ready/);
  try {
    for (const [name, path] of scenarios(detailId)) {
      const url = path.startsWith('detail') ? `http://127.0.0.1:${port}/${path}` : `http://127.0.0.1:${port}/list${path}`;
      const r = await load(url, {});
      console.log(`baseline[postgres] ${name} rps=${r.rps} p50=${r.p50} p99=${r.p99} rss_mb=${rssMb(server.pid!)}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
}

const only = process.env.BENCH_ONLY;
const db = await createTestDatabase(BASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
const pgDir = mkdtempSync(join(tmpdir(), 'atrium-bench-pg-'));
try {
  console.log(`# ${ROWS} rows in blade_param, ${CONNECTIONS} connections, ${SECONDS} s a scenario`);
  if (!only || only === 'postgres') {
    await benchAtrium({ name: 'postgres', env: { DATABASE_URL: db.url, DATA_DIR: pgDir } }, 18081);
    await benchBaseline(db.url, 18082, String(1000000000000000 + Math.floor(ROWS / 2)));
  }
  if (!only || only === 'pglite') await benchAtrium({ name: 'pglite', env: { DATABASE_URL: '', DATA_DIR: dataDir } }, 18083);
} finally {
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pgDir, { recursive: true, force: true });
}

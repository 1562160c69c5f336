// Mixed workload on one big table (issue 15): 90 % reads (first page, deep page, a filtered
// page, by id) and 10 % writes (submit, remove) from 32 connections, through the real HTTP
// routes of atrium on PostgreSQL, then the same mix against the naive baseline (bench/
// baseline-server.ts: bare route + page query + count(*)) on the same data. At the end the
// totals atrium answers are compared with count(*) (they must be exact).
//   BENCH_ROWS (default 1000000), BENCH_SECONDS (default 30, measured after BENCH_WARM_SECONDS
//   of the same mix, default 3), DATABASE_URL (default the local test server; a database of its
//   own is made and dropped), REDIS_URL (optional: atrium keeps its shared state there),
//   BENCH_CPU_PROF (a folder for the server's CPU profile), BENCH_PROCESSES (default 1: atrium
//   server processes on one PostgreSQL, the connections spread over them; more need REDIS_URL,
//   where the processes share their state).
// Prints per scenario:  <server> <scenario> n=… rps=… p50=… p99=…   and  load=…
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { projectPath } from '../tests/support/paths.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { LeanConnection } from './support/lean-http.js';
import { startAtrium } from './support/param-server.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 32;
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** Request numbers of the warm-up start here: its new keys stay clear of the measured ones. */
const WARM_FIRST = 100_000;
const PASSWORD = 'bench-admin-pw';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const FIRST_ID = 1_000_000_000_000_000;
/** The filtered page: a contains-search matching ≈ 1.1 % of the rows ("param name 12…": 11,111 of 1M), far down the key order. */
const FILTER = 'name 12';
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

type Scenario = 'first-page' | 'deep-page' | 'filtered' | 'by-id' | 'submit' | 'remove';
/** Share of the requests (percent). */
const MIX: [Scenario, number][] = [['first-page', 22.5], ['deep-page', 22.5], ['filtered', 22.5], ['by-id', 22.5], ['submit', 5], ['remove', 5]];

interface Target {
  name: string;
  /** The servers' ports: connection `w` talks to `ports[w % ports.length]`. */
  ports: number[];
  headers: Record<string, string>;
  request(scenario: Scenario, worker: number, n: number): { method: 'GET' | 'POST'; path: string; body?: string };
}

async function prepare(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn', SEED_REGIONS: 'false' }, { adminPassword: PASSWORD });
  const { app, services } = await buildApp(config);
  const started = Date.now();
  await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
    select ${FIRST_ID}::bigint + g, 'param name ' || g, 'bench.key.' || g, md5(g::text), 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
    from generate_series(1, ${ROWS}) g`.execute(services.system.repo.db);
  // As the table's owner: under row security repo.db runs as atrium_app, for which VACUUM skips the table with a warning.
  await sql`vacuum analyze blade_param`.execute(services.system.database.ownerDb);
  console.log(`# seeded ${ROWS} rows in ${Date.now() - started} ms`);
  await app.close();
}

function start(command: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: projectPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function send(port: number, headers: Record<string, string>, req: { method: string; path: string; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { ...headers };
    if (req.body) h['content-type'] = 'application/json';
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers: h, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

function pick(random: number): Scenario {
  let acc = 0;
  for (const [s, share] of MIX) {
    acc += share;
    if (random * 100 < acc) return s;
  }
  return 'by-id';
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0;
}

/**
 * CONNECTIONS loops, each on a keep-alive connection of its own (a LeanConnection: the client
 * shares the two cores with the server) sending its next request when the last answered:
 * WARM_SECONDS unmeasured (the server's pool fills, its code is compiled), then SECONDS measured.
 */
async function run(target: Target): Promise<void> {
  const times = new Map<Scenario, number[]>(MIX.map(([s]) => [s, []]));
  let failures = 0;
  const headerLines = Object.entries(target.headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const connections = Array.from({ length: CONNECTIONS }, (_, w) => new LeanConnection(target.ports[w % target.ports.length], headerLines));
  const loops = (seconds: number, first: number, record: boolean) => {
    const until = Date.now() + seconds * 1000;
    return Promise.all(Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let n = first; Date.now() < until; n++) {
        // The warm-up removes nothing: each remove's row is the measured run's (atrium's or the baseline's).
        const drawn = pick(Math.random());
        const scenario = !record && drawn === 'remove' ? 'submit' : drawn;
        const started = performance.now();
        const req = target.request(scenario, worker, n);
        const res = await connections[worker].send(req.method, req.path, req.body);
        if (!record) continue;
        times.get(scenario)!.push(performance.now() - started);
        if (res.status !== 200 || !res.body.includes('"code":200')) failures += 1;
      }
    }));
  };
  await loops(WARM_SECONDS, WARM_FIRST, false);
  await loops(SECONDS, 0, true);
  for (const connection of connections) connection.close();
  for (const [scenario, list] of times) {
    list.sort((a, b) => a - b);
    console.log(`${target.name} ${scenario} n=${list.length} rps=${Math.round(list.length / SECONDS)} p50=${percentile(list, 50).toFixed(1)} p99=${percentile(list, 99).toFixed(1)}`);
  }
  console.log(`${target.name} failures=${failures} load=${load()}`);
}

/** Rows removed by worker `w`: its own slice of the lower half of the seeded ids (never read by id). */
const removedId = (worker: number, n: number) => FIRST_ID + 1 + worker * Math.floor((ROWS * 0.45) / CONNECTIONS) + n;
const readId = () => FIRST_ID + Math.floor(ROWS / 2) + 1 + Math.floor(Math.random() * (ROWS / 2 - 1));
/** A new row; one in ten matches the filtered page. */
const newParam = (tag: string, worker: number, n: number) => ({
  paramName: n % 10 === 0 ? `param name 12 ${tag} ${worker}.${n}` : `param name new ${tag} ${worker}.${n}`,
  paramKey: `bench.${tag}.${worker}.${n}`,
  paramValue: String(n),
});

async function signIn(port: number): Promise<Record<string, string>> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' });
  const res = await send(port, { Authorization: BASIC }, { method: 'POST', path: `/api/blade-auth/oauth/token?${query}` });
  return { Authorization: BASIC, 'Blade-Auth': `bearer ${JSON.parse(res.body).access_token}` };
}

const listPath = (prefix: string, scenario: Scenario) =>
  scenario === 'first-page' ? `${prefix}?current=1&size=10`
    : scenario === 'deep-page' ? `${prefix}?current=5000&size=10`
      : `${prefix}?current=1&size=10&paramName=${encodeURIComponent(FILTER)}`;

const db = await createTestDatabase(BASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-mixed-'));
const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
const redis = process.env.REDIS_URL ? 'with REDIS_URL' : 'without Redis';
try {
  if (PROCESSES > 1 && !process.env.REDIS_URL) throw new Error('BENCH_PROCESSES > 1 needs REDIS_URL: the processes share their caches through it');
  console.log(`# ${ROWS} rows in blade_param, ${CONNECTIONS} connections, ${SECONDS} s a server, mix ${MIX.map(([s, p]) => `${s} ${p}%`).join(', ')}; atrium ${redis}${PROCESSES > 1 ? ` in ${PROCESSES} processes` : ''}; load=${load()}`);
  await prepare(env);
  // The server bundle `npm start` runs (BENCH_FROM_SOURCE=1: through tsx); BENCH_CPU_PROF=<dir>: a V8 CPU profile.
  const ports = Array.from({ length: PROCESSES }, (_, i) => 18091 + 2 * i);
  const servers: ChildProcess[] = [];
  try {
    // All at once, as README "Run several processes" allows.
    await Promise.all(ports.map(async (port) => { servers.push(await startAtrium(env, port)); }));
    const headers = await signIn(18091);
    const base = '/api/blade-system/param';
    await run({
      name: 'atrium', ports, headers,
      request: (scenario, worker, n) => {
        if (scenario === 'by-id') return { method: 'GET', path: `${base}/detail?id=${readId()}` };
        if (scenario === 'submit') return { method: 'POST', path: `${base}/submit`, body: JSON.stringify(newParam('a', worker, n)) };
        if (scenario === 'remove') return { method: 'POST', path: `${base}/remove?ids=${removedId(worker, n)}` };
        return { method: 'GET', path: listPath(`${base}/list`, scenario) };
      },
    });
    // Exactness: the totals atrium answers now against count(*).
    const counted = async (where: string) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query(`select count(*) as n from blade_param where is_deleted = 0 ${where}`);
      await client.end();
      return Number(rows[0].n);
    };
    for (const [scenario, where] of [['first-page', ''], ['filtered', `and param_name like '%${FILTER}%'`]] as const) {
      for (const port of ports) {
        const answered = JSON.parse((await send(port, headers, { method: 'GET', path: listPath(`${base}/list`, scenario) })).body).data.total;
        console.log(`atrium${PROCESSES > 1 ? `:${port}` : ''} ${scenario} total=${answered} count(*)=${await counted(where)}`);
      }
    }
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }
  const baseline = await start(['--import', 'tsx', 'bench/baseline-server.ts'], { DATABASE_URL: db.url, PORT: '18092' }, /baseline ready/);
  try {
    let nextId = FIRST_ID + 10 * ROWS;
    await run({
      name: 'baseline', ports: [18092], headers: {},
      request: (scenario, worker, n) => {
        if (scenario === 'by-id') return { method: 'GET', path: `/detail?id=${readId()}` };
        if (scenario === 'submit') return { method: 'POST', path: '/submit', body: JSON.stringify({ id: String(nextId++), ...newParam('b', worker, n) }) };
        if (scenario === 'remove') return { method: 'POST', path: `/remove?ids=${removedId(worker, Math.floor((ROWS * 0.2) / CONNECTIONS) + n)}` };
        return { method: 'GET', path: listPath('/list', scenario) };
      },
    });
  } finally {
    baseline.kill('SIGTERM');
  }
} finally {
  agent.destroy();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

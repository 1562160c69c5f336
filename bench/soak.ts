// Soak (issue 16), `npm run bench:soak`: SOAK_PROCESSES `npm start` server processes (the built
// bundle) on one PostgreSQL database and one Redis, driven by SOAK_CONNECTIONS signed-in
// clients with a mixed workload on blade_param (SOAK_ROWS rows): 90 % reads (first page,
// deep page, a filtered page, by id), 10 % writes (submit a new row; remove one the same
// client submitted earlier, so the table keeps its size), every request to the next
// process in turn (as a round-robin proxy would). Phases:
//   1. warm-up (SOAK_WARMUP_SECONDS, not counted);
//   2. throughput of 1 process vs all: alternating bursts of SOAK_COMPARE_SECONDS on process
//      1 alone and on all of them (SOAK_COMPARE_ROUNDS pairs; 0 skips), with node's and
//      PostgreSQL's CPU per request in the all-process bursts (from /proc);
//   3. the soak: SOAK_SECONDS on all processes; RSS of each process sampled every 5 s:
//      start (after the warm-up), peak and end, and one sample a minute.
// Errors are every request without a success envelope (non-2xx, or no answer): 0 expected.
// Ends with the list totals against count(*). Prints `uptime` before and after.
//   SOAK_SECONDS (600), SOAK_PROCESSES (3), SOAK_CONNECTIONS (64), SOAK_ROWS (100000),
//   SOAK_WARMUP_SECONDS (30), SOAK_COMPARE_SECONDS (20), SOAK_COMPARE_ROUNDS (2),
//   DATABASE_URL (default the local test server; a database of its own is made and dropped),
//   REDIS_URL (default: a redis-server of its own on a free port).
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { closeAgents, ConnectionError, request, signedIn, succeeded } from '../tests/support/cluster-client.js';
import { startServerCluster } from '../tests/support/server-cluster.js';
import type { ServerProcess } from '../tests/support/server-process.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { throwawayRedis, type ThrowawayRedis } from '../tests/support/throwaway-redis.js';
import { backendCpu, cpuMs, percentile } from './flow-steps.js';
import { PASSWORD, prepareParams } from './support/param-server.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const PROCESSES = Number(process.env.SOAK_PROCESSES ?? 3);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
const ROWS = Number(process.env.SOAK_ROWS ?? 100_000);
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const COMPARE = Number(process.env.SOAK_COMPARE_SECONDS ?? 20);
const ROUNDS = Number(process.env.SOAK_COMPARE_ROUNDS ?? 2);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FIRST_ID = 1_000_000_000_000_000;
const PARAM = '/api/blade-system/param';
const FILTER = 'name 12';

type Scenario = 'first-page' | 'deep-page' | 'filtered' | 'by-id' | 'submit' | 'remove';
const MIX: [Scenario, number][] = [['first-page', 22.5], ['deep-page', 22.5], ['filtered', 22.5], ['by-id', 22.5], ['submit', 5], ['remove', 5]];
const deepPage = Math.max(1, Math.floor(ROWS / 20));

const uptime = () => execSync('uptime').toString().trim();
const rssMb = (pid: number) => {
  try { return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024); } catch { return 0; }
};

function pick(): Scenario {
  const r = Math.random() * 100;
  let acc = 0;
  for (const [scenario, share] of MIX) if (r < (acc += share)) return scenario;
  return 'by-id';
}

interface Run {
  seconds: number;
  answered: number;
  /** Per port: answered, errors. */
  perPort: Map<number, { answered: number; errors: number }>;
  times: Map<Scenario, number[]>;
  errorSamples: string[];
  /** Requests answered in each minute. */
  perMinute: number[];
}

/** Each client's rows to remove later: the ids of the rows it submitted. */
const ownRows = Array.from({ length: CONNECTIONS }, () => [] as string[]);
let written = 0;

/** CONNECTIONS clients, each sending its next request when the last one answered, to the next of `ports` in turn, for `seconds`. */
async function drive(ports: number[], headers: Record<string, string>, seconds: number): Promise<Run> {
  const run: Run = { seconds, answered: 0, perPort: new Map(ports.map((p) => [p, { answered: 0, errors: 0 }])), times: new Map(MIX.map(([s]) => [s, []])), errorSamples: [], perMinute: [] };
  let turn = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, async (_, client) => {
    while (performance.now() < until) {
      let scenario = pick();
      if (scenario === 'remove' && ownRows[client].length === 0) scenario = 'submit';
      const port = ports[turn++ % ports.length];
      const stats = run.perPort.get(port)!;
      let path = `${PARAM}/list?current=1&size=10`;
      let method: 'GET' | 'POST' = 'GET';
      let body: object | undefined;
      if (scenario === 'deep-page') path = `${PARAM}/list?current=${deepPage}&size=10`;
      if (scenario === 'filtered') path = `${PARAM}/list?current=1&size=10&paramName=${encodeURIComponent(FILTER)}`;
      if (scenario === 'by-id') path = `${PARAM}/detail?id=${FIRST_ID + 1 + Math.floor(Math.random() * ROWS)}`;
      if (scenario === 'submit') {
        method = 'POST';
        path = `${PARAM}/submit`;
        const n = written++;
        body = { paramName: n % 10 === 0 ? `param name 12 soak ${n}` : `param name soak ${n}`, paramKey: `soak.${n}`, paramValue: String(n) };
      }
      const removed = scenario === 'remove' ? ownRows[client].shift() : undefined;
      if (removed) {
        method = 'POST';
        path = `${PARAM}/remove?ids=${removed}`;
      }
      const started = performance.now();
      try {
        const answer = await request(port, method, path, { headers, body, timeoutMs: 30_000 });
        if (!succeeded(answer)) {
          stats.errors += 1;
          if (run.errorSamples.length < 10) run.errorSamples.push(`${port} ${scenario} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
          continue;
        }
        if (scenario === 'submit') ownRows[client].push(String(answer.body.data.id));
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        stats.errors += 1;
        if (run.errorSamples.length < 10) run.errorSamples.push(`${port} ${scenario} → ${error.code}`);
        continue;
      }
      const done = performance.now();
      run.times.get(scenario)!.push(done - started);
      stats.answered += 1;
      run.answered += 1;
      const minute = Math.floor((done - began) / 60_000);
      run.perMinute[minute] = (run.perMinute[minute] ?? 0) + 1;
    }
  }));
  return run;
}

const errorsOf = (run: Run) => [...run.perPort.values()].reduce((sum, p) => sum + p.errors, 0);
const rps = (run: Run) => run.answered / run.seconds;

function printRun(label: string, run: Run): void {
  console.log(`${label}: answered ${run.answered} in ${run.seconds} s = ${rps(run).toFixed(0)} req/s, errors ${errorsOf(run)}`);
  for (const [scenario, times] of run.times) {
    times.sort((a, b) => a - b);
    console.log(`  ${scenario.padEnd(10)} n=${times.length} p50=${percentile(times, 0.5)}ms p99=${percentile(times, 0.99)}ms`);
  }
  for (const sample of run.errorSamples) console.log(`  error: ${sample}`);
}

const database = await createTestDatabase(BASE_URL);
const redis: ThrowawayRedis | undefined = process.env.REDIS_URL ? undefined : await throwawayRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-soak-'));
const env = { DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL ?? redis!.url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', SEED_REGIONS: 'false' };
let servers: ServerProcess[] = [];
const owner = new pg.Client({ connectionString: database.url });
try {
  console.log(`# uptime before: ${uptime()}`);
  console.log(`# ${PROCESSES} processes, ${CONNECTIONS} connections, ${ROWS} rows in blade_param, mix ${MIX.map(([s, p]) => `${s} ${p}%`).join(', ')}; `
    + `warm-up ${WARMUP} s, ${ROUNDS}×(1 vs ${PROCESSES}) bursts of ${COMPARE} s, soak ${SECONDS} s`);
  await prepareParams(env, ROWS);
  servers = await startServerCluster(PROCESSES, env);
  await owner.connect();
  const ports = servers.map((s) => s.port);
  const headers = await signedIn(ports[0], PASSWORD);

  printRun('warm-up', await drive(ports, headers, WARMUP));

  if (COMPARE > 0 && ROUNDS > 0) {
    const one: number[] = [];
    const all: number[] = [];
    const postgres = backendCpu(async () => (await owner.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid));
    const cpu = { node: 0, postgres: 0, client: 0, requests: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const single = await drive([ports[0]], headers, COMPARE);
      one.push(rps(single));
      const nodeBefore = servers.reduce((sum, s) => sum + cpuMs(s.pid), 0);
      const clientBefore = process.cpuUsage();
      await postgres.begin();
      const spread = await drive(ports, headers, COMPARE);
      cpu.postgres += await postgres.end();
      cpu.node += servers.reduce((sum, s) => sum + cpuMs(s.pid), 0) - nodeBefore;
      const client = process.cpuUsage(clientBefore);
      cpu.client += (client.user + client.system) / 1000;
      cpu.requests += spread.answered;
      all.push(rps(spread));
      console.log(`burst ${round + 1}: 1 process ${rps(single).toFixed(0)} req/s (errors ${errorsOf(single)}), ${PROCESSES} processes ${rps(spread).toFixed(0)} req/s (errors ${errorsOf(spread)}); ${uptime()}`);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`throughput: 1 process ${mean(one).toFixed(0)} req/s, ${PROCESSES} processes ${mean(all).toFixed(0)} req/s, ratio ${(mean(all) / mean(one)).toFixed(2)}`);
    const per = (ms: number) => (ms / Math.max(1, cpu.requests)).toFixed(2);
    console.log(`CPU per request (${PROCESSES}-process bursts): node ${per(cpu.node)} ms, PostgreSQL ${per(cpu.postgres)} ms, this client ${per(cpu.client)} ms`);
  }

  const samples = new Map(servers.map((s) => [s.pid, [] as number[]]));
  const sample = () => { for (const s of servers) samples.get(s.pid)!.push(rssMb(s.pid)); };
  sample();
  const sampler = setInterval(sample, 5000);
  const nodeBefore = servers.map((s) => cpuMs(s.pid));
  const soak = await drive(ports, headers, SECONDS);
  clearInterval(sampler);
  sample();
  printRun(`soak (${PROCESSES} processes, ${CONNECTIONS} connections)`, soak);
  console.log(`  requests per minute: ${soak.perMinute.join(' ')}`);
  servers.forEach((s, i) => {
    const rss = samples.get(s.pid)!;
    const stats = soak.perPort.get(s.port)!;
    const perMinute = rss.filter((_, k) => k % 12 === 0 || k === rss.length - 1);
    console.log(`  process ${i + 1} (port ${s.port}): answered ${stats.answered}, errors ${stats.errors}, CPU ${((cpuMs(s.pid) - nodeBefore[i]) / 1000 / SECONDS * 100).toFixed(0)} %, `
      + `RSS start ${rss[0]} MB, peak ${Math.max(...rss)} MB, end ${rss[rss.length - 1]} MB (each minute: ${perMinute.join(' ')})`);
  });
  console.log(`  alive at the end: ${servers.every((s) => s.alive())}`);

  for (const [label, where] of [['first-page', ''], ['filtered', `and param_name like '%${FILTER}%'`]] as const) {
    const query = label === 'first-page' ? 'current=1&size=10' : `current=1&size=10&paramName=${encodeURIComponent(FILTER)}`;
    const answered = (await request(ports[0], 'GET', `${PARAM}/list?${query}`, { headers })).body.data.total;
    const counted = (await owner.query(`select count(*)::int as n from blade_param where is_deleted = 0 ${where}`)).rows[0].n;
    console.log(`total ${label}: answered ${answered}, count(*) ${counted}`);
  }
  console.log(`# uptime after: ${uptime()}`);
} finally {
  closeAgents();
  await owner.end().catch(() => undefined);
  await Promise.all(servers.map((s) => s.stop()));
  redis?.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

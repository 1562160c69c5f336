// Throughput and latency of list/detail on one entity with 100k rows (issue #2).
// PostgreSQL (DATABASE_URL, default the local test server, in a database of its own)
// and embedded PGlite; plus the naive baseline on PostgreSQL. Prints one line a scenario
// (BENCH_ONLY=postgres|pglite, BENCH_SCENARIOS=first-page,filtered-key,by-id,by-any-id, BENCH_ROWS, BENCH_SECONDS narrow a run;
// BENCH_CPU_PROF=<dir> profiles atrium's server):
//   atrium <scenario> rps=… p50=… p99=… rss_mb=… cpu_ms_per_req=… load=…
// cpu_ms_per_req is the server process's own CPU time per answered request (/proc), which a
// busy machine distorts far less than the request rate.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.js';
import { cpuMs, load, paramScenarios, paramUrl, prepareParams, rssMb, signIn, startAtrium, startProcess } from './support/param-server.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const machineLoad = () => loadavg().map((n) => n.toFixed(1)).join(',');

/** A scenario's line: throughput, latency, memory, the server's CPU per request and the machine's load. */
async function measure(label: string, url: string, headers: Record<string, string>, pid: number): Promise<void> {
  const cpuBefore = cpuMs(pid);
  const r = await load(url, headers, CONNECTIONS, SECONDS, ROWS);
  const perRequest = r.requests > 0 ? ((cpuMs(pid) - cpuBefore) / r.requests).toFixed(3) : '-';
  console.log(`${label} rps=${r.rps} p50=${r.p50} p99=${r.p99} rss_mb=${rssMb(pid)} cpu_ms_per_req=${perRequest} load=${machineLoad()}`);
}

interface Target { name: string; env: Record<string, string> }

async function benchAtrium(target: Target, port: number) {
  const detailId = await prepareParams(target.env, ROWS);
  const server = await startAtrium(target.env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    for (const [name, path] of paramScenarios(detailId)) {
      await measure(`atrium[${target.name}] ${name}`, paramUrl(base, path), headers, server.pid!);
    }
  } finally {
    server.kill('SIGTERM');
  }
}

async function benchBaseline(databaseUrl: string, port: number, detailId: string) {
  const server = await startProcess(['--import', 'tsx', 'bench/baseline-server.ts'], { DATABASE_URL: databaseUrl, PORT: String(port) }, /baseline ready/);
  try {
    for (const [name, path] of paramScenarios(detailId)) {
      const url = path.startsWith('detail') ? `http://127.0.0.1:${port}/${path}` : `http://127.0.0.1:${port}/list${path}`;
      await measure(`baseline[postgres] ${name}`, url, {}, server.pid!);
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

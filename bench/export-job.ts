// Export of a 1M-row list as a background job (issue 15): rows, time, file size, the RSS
// growth of the server process over the export (target ≤ 150 MB at 1M rows), and how the
// server answers other requests meanwhile.
//   BENCH_ROWS (default 1000000); BENCH_ORDER (a column, e.g. release_time: the export in that
//   order, newest first; unset = the list's default, key order); DATABASE_URL (PostgreSQL; unset = the embedded PGlite)
// The rows are seeded by a child process before the measured server starts, as a user meets
// an export: the seeding's own memory is not the export's.
// Other requests: a first page of the same list is due every 100 ms, sent whether or not the
// one before has been answered; its latency counts from when it was due, so a blocked event
// loop (which delays the send as well) shows. Measured for 3 s before the export (after one
// first read of the list) and during it.
// Prints:  seed rows=… ms=…
//          export rows=… ms=… file_mb=… rss_before_mb=… rss_peak_mb=… rss_growth_mb=… heap_at_peak_mb=… external_at_peak_mb=… load=…
//          requests idle n=… p50_ms=… p99_ms=… max_ms=… | during n=… p50_ms=… p99_ms=… max_ms=… loop_delay_max_ms=…
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { createTestDatabase } from '../tests/support/test-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** A column to export the list in, newest first (`descs`); unset = the list's default order (its key). */
const ORDER = process.env.BENCH_ORDER;
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const configFor = (databaseUrl: string, dataDir: string) =>
  loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SEED_REGIONS: 'false', API_LOG: 'off', DATA_DIR: dataDir }, { adminPassword: PASSWORD });

if (process.argv[2] === '--seed') {
  // The child: the platform's tables and ROWS notices, then it ends.
  const { app, services } = await buildApp(configFor(process.argv[3], process.argv[4]));
  await app.ready();
  const started = Date.now();
  await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
    select 1000000000000 + g, '000000', 'bench notice ' || g, (g % 6) + 1, timestamp '2020-01-01 00:00:00' + g * interval '1 minute', '', 1, 1, localtimestamp(0), 1, localtimestamp(0), 1, 0
    from generate_series(1, ${ROWS}) g`.execute(services.system.database.db);
  console.log(`seed rows=${ROWS} ms=${Date.now() - started}`);
  await app.close();
  process.exit(0);
}

/** Latencies of requests due every `everyMs` until `stop` resolves, each counted from when it was due. */
async function probe(send: () => Promise<unknown>, everyMs: number, stop: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  const answered: Promise<unknown>[] = [];
  let stopped = false;
  void stop.then(() => { stopped = true; });
  const start = performance.now();
  for (let k = 0; !stopped; k++) {
    const due = start + k * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answered.push(send().then(() => { latencies.push(performance.now() - due); }));
  }
  await Promise.all(answered);
  return latencies;
}

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  return `n=${sorted.length} p50_ms=${at(0.5)} p99_ms=${at(0.99)} max_ms=${Math.round(sorted.at(-1) ?? 0)}`;
};

const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-export-'));
try {
  const seeded = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--seed', database?.url ?? '', dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (seeded.status !== 0) throw new Error(`seeding failed (${seeded.status})`);
  const config = configFor(database?.url ?? '', dataDir);
  const { app, services } = await buildApp(config);
  try {
    await app.ready();
    const token = await app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' } });
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.json().access_token}` };
    const firstPage = () => app.inject({ method: 'GET', url: '/api/blade-desk/notice/list', query: { current: '1', size: '10' }, headers });
    await firstPage(); // the list's first read (its total and first keys) is not the export's
    const idle = await probe(firstPage, 100, new Promise((resolve) => setTimeout(resolve, 3000)));

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    // What the process held when its RSS peaked: the JavaScript heap, and memory outside it (buffers; PGlite's WebAssembly memory).
    let atPeak = process.memoryUsage();
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      if (now.rss > peak) { peak = now.rss; atPeak = now; }
    }, 100);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = Date.now();
    const exported = (async () => {
      const job = (await app.inject({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'desk/notice', query: ORDER ? { descs: ORDER } : {} } })).json().data;
      let state = job;
      while (state.state === 'queued' || state.state === 'running') {
        await new Promise((r) => setTimeout(r, 500));
        state = (await app.inject({ method: 'GET', url: `/api/atrium/jobs/${job.id}`, headers })).json().data;
      }
      return state;
    })();
    const during = await probe(firstPage, 100, exported);
    const state = await exported;
    const ms = Date.now() - started;
    clearInterval(sampler);
    loopDelay.disable();
    const file = statSync(join(config.filesDir, 'jobs', '000000', `${state.id}-result.xlsx`)).size;
    console.log(`export state=${state.state} rows=${state.done} ms=${ms} file_mb=${mb(file)} rss_before_mb=${mb(before)} rss_peak_mb=${mb(peak)} rss_growth_mb=${mb(peak - before)} heap_at_peak_mb=${mb(atPeak.heapUsed)} external_at_peak_mb=${mb(atPeak.external)} database=${services.system.database.kind} order=${ORDER ?? 'key'} load=${loadavg().map((l) => l.toFixed(1)).join(',')}`);
    console.log(`requests idle ${summary(idle)} | during ${summary(during)} loop_delay_max_ms=${Math.round(loopDelay.max / 1e6)}`);
  } finally {
    await app.close();
  }
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

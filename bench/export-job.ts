// Export of a 1M-row list as a background job (issue 15): rows, time, file size, and the
// RSS growth of the server process over the export (target ≤ 150 MB at 1M rows).
//   BENCH_ROWS (default 1000000); DATABASE_URL (PostgreSQL; unset = the embedded PGlite)
// Prints:  export rows=… ms=… file_mb=… rss_before_mb=… rss_peak_mb=… rss_growth_mb=… heap_at_peak_mb=… external_at_peak_mb=… load=…
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { createTestDatabase } from '../tests/support/test-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-export-'));
const config = loadConfig({ ...process.env, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn', SEED_REGIONS: 'false', API_LOG: 'off', DATA_DIR: dataDir }, { adminPassword: PASSWORD });
const { app, services } = await buildApp(config);
try {
  await app.ready();
  let started = Date.now();
  await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
    select 1000000000000 + g, '000000', 'bench notice ' || g, (g % 6) + 1, timestamp '2020-01-01 00:00:00' + g * interval '1 minute', '', 1, 1, localtimestamp(0), 1, localtimestamp(0), 1, 0
    from generate_series(1, ${ROWS}) g`.execute(services.system.database.db);
  console.log(`seed rows=${ROWS} ms=${Date.now() - started}`);
  const token = await app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' } });
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.json().access_token}` };

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  // What the process held when its RSS peaked: the JavaScript heap, and memory outside it (buffers; PGlite's WebAssembly memory).
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak) { peak = now.rss; atPeak = now; }
  }, 100);
  started = Date.now();
  const job = (await app.inject({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'desk/notice' } })).json().data;
  let state = job;
  while (state.state === 'queued' || state.state === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    state = (await app.inject({ method: 'GET', url: `/api/atrium/jobs/${job.id}`, headers })).json().data;
  }
  const ms = Date.now() - started;
  clearInterval(sampler);
  const file = statSync(join(config.filesDir, 'jobs', '000000', `${job.id}-result.xlsx`)).size;
  console.log(`export state=${state.state} rows=${state.done} ms=${ms} file_mb=${mb(file)} rss_before_mb=${mb(before)} rss_peak_mb=${mb(peak)} rss_growth_mb=${mb(peak - before)} heap_at_peak_mb=${mb(atPeak.heapUsed)} external_at_peak_mb=${mb(atPeak.external)} database=${services.system.database.kind} load=${loadavg().map((l) => l.toFixed(1)).join(',')}`);
} finally {
  await app.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

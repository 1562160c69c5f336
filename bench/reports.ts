// Business reports on PostgreSQL with ≥ 1M wage + expense rows (issue 14):
// each report's p50/p95 over BENCH_RUNS sequential requests with the screen's default
// filters (this year up to today; the wage sheet: this month), BENCH_WHOLE=1 also over the whole two years, and the .xlsx export of
// ≥ 200k rows (time, RSS growth of the process serving it).
//   BENCH_ROWS (default 1000000), BENCH_RUNS (default 30), DATABASE_URL (default the local test server)
//   BENCH_REPORTS=a,b: only these reports; BENCH_EXPORT=0: no export
//   BENCH_DB=<name>: keep the seeded database under that name and reuse it on the next run (seeding takes minutes)
// Prints one line a figure (with the load average):  report <name> <range> p50=… p95=…  /  export rows=… ms=… rss_growth_mb=…
import { sql } from 'kysely';
import { REPORT_NAMES } from '../src/shared/report-names.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { demoSizeFor, seedDemoBusiness } from '../src/server/seed/demo-business.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { loadavg } from 'node:os';
import { wageRollupReady, wageRollupSettled } from '../src/server/modules/report/wage-rollup-install.js';
import pg from 'pg';
import { createTestDatabase } from '../tests/support/test-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EXPORT_MONTHS = 6;
/** BENCH_WHOLE=1: also time every report over the whole two years (the worst case). */
const BENCH_WHOLE = process.env.BENCH_WHOLE === '1';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const KEEP_DB = process.env.BENCH_DB;

/** A database of the given name that survives the run (created when missing). */
async function keptDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DB: lower-case letters, digits and _ only');
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!found.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

const database = KEEP_DB ? await keptDatabase(KEEP_DB) : await createTestDatabase(BASE_URL);
const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_REGIONS: 'false', API_LOG: 'off', DATA_DIR: '/tmp/atrium-bench-reports' }, { adminPassword: PASSWORD });
const { app, services } = await buildApp(config);
try {
  const size = demoSizeFor(ROWS);
  const started = Date.now();
  const seeded = await services.system.repo.db.selectFrom('manage_item').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', '000000').executeTakeFirst();
  if (Number(seeded?.n ?? 0) === 0) {
    const written = await seedDemoBusiness(services.system.repo.db, { tenantId: '000000', size });
    console.log(`seed rows=${written.wages + written.expenses} (wages ${written.wages}, expenses ${written.expenses}) ms=${Date.now() - started}`);
  } else console.log(`seed kept from an earlier run (${KEEP_DB})`);
  for (const table of ['manage_wage', 'manage_expense', 'manage_income', 'manage_worker', 'manage_item']) await sql`vacuum analyze ${sql.table(table)}`.execute(services.system.database.ownerDb);

  await app.listen({ port: 0, host: '127.0.0.1' });
  // The wage summaries are installed (and filled from existing rows) in the background at start: time the reports once they are in place.
  const installing = Date.now();
  await wageRollupSettled(services.system.repo.db);
  console.log(`wage summaries ready=${wageRollupReady(services.system.repo.db)} (waited ${Date.now() - installing} ms)`);
  const load = () => `loadavg ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const token = await fetch(`${base}/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex(PASSWORD)}&grant_type=password&scope=all`, {
    method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' },
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}`, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const today = new Date();
  const definitions = await (await fetch(`${base}/blade-manage/report/definition`, { headers })).json() as { data: { name: string; defaultRange: 'month' | 'year' }[] };
  const screenDefault = (name: string) => {
    const month = definitions.data.find((d) => d.name === name)?.defaultRange === 'month';
    return { startDate: month ? iso(new Date(today.getFullYear(), today.getMonth(), 1)) : `${today.getFullYear()}-01-01`, endDate: iso(today), year: today.getFullYear() };
  };
  const twoYears = { startDate: iso(new Date(today.getFullYear() - 2, today.getMonth(), 1)), endDate: iso(today), year: today.getFullYear() };
  const only = process.env.BENCH_REPORTS?.split(',');
  for (const name of REPORT_NAMES.filter((n) => !only || only.includes(n))) {
    const ranges = { 'screen-default': screenDefault(name), ...(BENCH_WHOLE ? { 'two-years': twoYears } : {}) };
    for (const [range, filters] of Object.entries(ranges)) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now();
        const res = await post(`/blade-manage/report/${name}`, { ...filters, current: 1, size: 20 });
        const body = (await res.json()) as { code: number; data: { total: number } };
        if (body.code !== 200) throw new Error(`${name}: ${JSON.stringify(body)}`);
        total = body.data.total;
        if (i >= 3) times.push(performance.now() - t0);
      }
      times.sort((x, y) => x - y);
      console.log(`report ${name} ${range} groups=${total} p50=${percentile(times, 50).toFixed(1)}ms p95=${percentile(times, 95).toFixed(1)}ms ${load()}`);
    }
  }

  if (process.env.BENCH_EXPORT !== '0') {
    // Export: the wage sheet of the last EXPORT_MONTHS months, one row per worker and month.
    const from = new Date(today.getFullYear(), today.getMonth() - (EXPORT_MONTHS - 1), 1);
    const exportFilters = { startDate: iso(from), endDate: iso(today) };
    const count = (await (await post('/blade-manage/report/workerWages', { ...exportFilters, size: 1 })).json()) as { data: { total: number } };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 20);
    const t0 = Date.now();
    const res = await post('/blade-manage/report/workerWagesExport', exportFilters);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    const ms = Date.now() - t0;
    clearInterval(sampler);
    console.log(`export workerWages rows=${count.data.total} bytes=${bytes} ms=${ms} rss_growth_mb=${((rssPeak - rssBefore) / 1024 / 1024).toFixed(1)} (rss before ${(rssBefore / 1024 / 1024).toFixed(0)} MB) ${load()}`);
  }
} finally {
  await app.close();
  await database.drop();
}

// What row-level security costs on the list scenarios (issue 16; target ≤ 10 %), measured
// so that a busy machine does not decide it: two servers over two identical PostgreSQL
// databases, one with ROW_SECURITY=on and one off, both up at once, loaded in turn in short
// bursts (on, off, off, on, …) so that both see the same background load. blade_param is a
// platform table (no policy: what the role switch itself costs); blade_notice a tenant
// table with ROWS notices of the administrator's tenant and ROWS/9 of another. Prints per
// scenario the median requests/s of each and the cost:
//   <scenario> off=… on=… cost=…% (n bursts each, load …)
// BENCH_ROWS (100k), BENCH_BURST_SECONDS (2), BENCH_BURSTS (6 a side), BENCH_SCENARIOS narrow a run.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../tests/support/test-database.js';
import { load, paramScenarios, paramUrl, prepareParams, signIn, startAtrium } from './support/param-server.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 2);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 6);
const CONNECTIONS = 32;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** ROWS notices of tenant 000000 (every id not ending in 0) and ROWS/9 of tenant 000001, bulk-loaded as the owner. */
async function addNotices(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, update_user, create_time, update_time, status, is_deleted)
    select 2000000000000000 + g, case when g % 10 = 0 then '000001' else '000000' end, 'notice ' || g, 1, localtimestamp(0), 'text', 0, 0, 0, localtimestamp(0), localtimestamp(0), 1, 0
    from generate_series(1, $1::int * 10 / 9) g`, [ROWS]);
  await client.query('analyze blade_notice');
  await client.end();
}

const sides = ['off', 'on'] as const;
const databases = await Promise.all(sides.map(() => createTestDatabase(BASE_URL)));
const dirs = sides.map(() => mkdtempSync(join(tmpdir(), 'atrium-bench-rls-')));
const envs = sides.map((side, i) => ({ DATABASE_URL: databases[i].url, DATA_DIR: dirs[i], ROW_SECURITY: side }));
const servers = [];
try {
  console.log(`# ${ROWS} rows in blade_param, ${CONNECTIONS} connections, ${BURSTS} bursts of ${BURST_SECONDS} s a side and scenario`);
  let detailId = '';
  for (const [i, env] of envs.entries()) {
    detailId = await prepareParams(env, ROWS);
    await addNotices(databases[i].url);
  }
  for (const [i, env] of envs.entries()) servers.push(await startAtrium(env, 18091 + i));
  const bases = sides.map((_, i) => `http://127.0.0.1:${18091 + i}`);
  const headers = await Promise.all(bases.map(signIn));
  const noticeScenarios: [string, string][] = [
    ['notice first-page', `/api/blade-desk/notice/list?current=1&size=10`],
    ['notice filtered', '/api/blade-desk/notice/list?current=1&size=10&title=notice%204242'],
    ['notice by-id', `/api/blade-desk/notice/detail?id=${2000000000000000 + Math.floor(ROWS / 20) * 10 + 1}`],
  ];
  const all = [...paramScenarios(detailId).map(([name, path]) => [`param ${name}`, path, true] as const), ...noticeScenarios.map(([name, path]) => [name, path, false] as const)];
  for (const [name, path, isParam] of all) {
    const url = (base: string) => (isParam ? paramUrl(base, path) : `${base}${path}`);
    const rps: number[][] = [[], []];
    for (let i = 0; i < bases.length; i++) await load(url(bases[i]), headers[i], CONNECTIONS, 1); // warm-up
    for (let burst = 0; burst < BURSTS; burst++) {
      // ABBA order: a drift in the background load falls on both sides alike.
      const order = burst % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) rps[i].push((await load(url(bases[i]), headers[i], CONNECTIONS, BURST_SECONDS)).rps);
    }
    const [off, on] = rps.map(median);
    console.log(`${name} off=${off} on=${on} cost=${(((off - on) / off) * 100).toFixed(1)}% (${BURSTS} bursts each, load ${loadavg()[0].toFixed(1)})`);
  }
} finally {
  // Each server's pool is gone before its database is dropped.
  await Promise.all(servers.map((server) => new Promise((resolve) => { server.once('exit', resolve); server.kill('SIGTERM'); })));
  await Promise.all(databases.map((db) => db.drop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

// What row-level security costs on the list scenarios (issue 16; target ≤ 10 %), measured
// so that a busy machine does not decide it: two servers over two identical PostgreSQL
// databases, one with ROW_SECURITY=on and one off, both up at once, loaded in turn in short
// bursts (on, off, off, on, …) so that both see the same background load. Prints per
// scenario the median requests/s of each and the cost:
//   <scenario> off=… on=… cost=…% (n bursts each, load …)
// BENCH_ROWS (100k), BENCH_BURST_SECONDS (2), BENCH_BURSTS (6 a side), BENCH_SCENARIOS narrow a run.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.js';
import { load, paramScenarios, paramUrl, prepareParams, signIn, startAtrium } from './support/param-server.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 2);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 6);
const CONNECTIONS = 32;
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

const sides = ['off', 'on'] as const;
const databases = await Promise.all(sides.map(() => createTestDatabase(BASE_URL)));
const dirs = sides.map(() => mkdtempSync(join(tmpdir(), 'atrium-bench-rls-')));
const envs = sides.map((side, i) => ({ DATABASE_URL: databases[i].url, DATA_DIR: dirs[i], ROW_SECURITY: side }));
const servers = [];
try {
  console.log(`# ${ROWS} rows in blade_param, ${CONNECTIONS} connections, ${BURSTS} bursts of ${BURST_SECONDS} s a side and scenario`);
  let detailId = '';
  for (const env of envs) detailId = await prepareParams(env, ROWS);
  for (const [i, env] of envs.entries()) servers.push(await startAtrium(env, 18091 + i));
  const bases = sides.map((_, i) => `http://127.0.0.1:${18091 + i}`);
  const headers = await Promise.all(bases.map(signIn));
  for (const [name, path] of paramScenarios(detailId)) {
    const rps: number[][] = [[], []];
    for (let i = 0; i < bases.length; i++) await load(paramUrl(bases[i], path), headers[i], CONNECTIONS, 1); // warm-up
    for (let burst = 0; burst < BURSTS; burst++) {
      // ABBA order: a drift in the background load falls on both sides alike.
      const order = burst % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) rps[i].push((await load(paramUrl(bases[i], path), headers[i], CONNECTIONS, BURST_SECONDS)).rps);
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

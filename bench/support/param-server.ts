// Shared by the list benches: a database with ROWS parameters, a server process over it,
// a signed-in administrator and an autocannon run.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { projectPath } from '../../tests/support/paths.js';
import { serverNodeFlags } from '../../tests/support/server-process.js';

export const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Creates the schema and seed through buildApp, bulk-loads `rows` parameters in SQL; answers a mid-table id. */
export async function prepareParams(env: Record<string, string>, rows: number): Promise<string> {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn', SEED_REGIONS: 'false' }, { adminPassword: PASSWORD });
  const { app, services } = await buildApp(config);
  await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
    select 1000000000000000 + g, 'param name ' || g, 'bench.key.' || g, md5(g::text), 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
    from generate_series(1, ${rows}) g`.execute(services.system.repo.db);
  await sql`analyze blade_param`.execute(services.system.database.ownerDb); // the table's owner (row security runs queries as atrium_app)
  await app.close();
  return String(1000000000000000 + Math.floor(rows / 2));
}

/** Spawns `node <command>` and resolves once its output matches `ready`. */
export function startProcess(command: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: projectPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

let bundle: Promise<void> | undefined;

/**
 * The Atrium server on `port` as `npm start` runs it: the server bundle, built once per
 * bench run (BENCH_FROM_SOURCE=1: from source through tsx, whose loader adds its own
 * memory). BENCH_CPU_PROF=<dir>: it writes a V8 CPU profile there when it stops.
 */
export async function startAtrium(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  let entry = ['--import', 'tsx', 'src/server/main.ts'];
  if (!process.env.BENCH_FROM_SOURCE) {
    bundle ??= import(projectPath('scripts/build-server.mjs')).then((m: { buildServer(): Promise<void> }) => m.buildServer());
    await bundle;
    entry = [...(await serverNodeFlags()), 'dist/server/main.mjs'];
  }
  return startProcess([...profile, ...entry], { ...env, PORT: String(port), LOG_LEVEL: 'warn' }, /serving/);
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** CPU time (user + system) the process has used, in ms: per request it is what load on the machine distorts least. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** In a scenario's path: a random seeded id for each request (see paramScenarios). */
export const ANY_ID = 'ANY-ID';

export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number, rows = 0) {
  const anyId = () => String(1000000000000000 + 1 + Math.floor(Math.random() * rows));
  const requests = url.includes(ANY_ID) ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: req.path?.replace(ANY_ID, anyId()) }) }] : undefined;
  const r = await autocannon({ url, connections, duration: seconds, headers, requests });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  (${r.non2xx} non-2xx, ${r.errors} errors on ${url})`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total };
}

/** The administrator's headers on the server at `base`. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
  const body = (await res.json()) as { access_token: string };
  return { Authorization: BASIC, 'Blade-Auth': `bearer ${body.access_token}` };
}

/** The list/detail scenarios of blade_param (BENCH_SCENARIOS=first-page,by-id narrows them). */
export function paramScenarios(detailId: string): [string, string][] {
  const wanted = process.env.BENCH_SCENARIOS?.split(',');
  const all: [string, string][] = [
    ['first-page', '?current=1&size=10'],
    ['deep-page', '?current=5000&size=10'],
    ['filtered', '?current=1&size=10&paramName=name%2012'],
    // A selective text (11 rows): the kind a trigram index serves.
    ['filtered-key', '?current=1&size=10&paramKey=key.4242'],
    // One row read again and again (its kept row answers), and any row (most are read from the database).
    ['by-id', `detail?id=${detailId}`],
    ['by-any-id', `detail?id=${ANY_ID}`],
  ];
  return wanted ? all.filter(([name]) => wanted.includes(name)) : all;
}

/** The Atrium URL of a scenario's path. */
export function paramUrl(base: string, path: string): string {
  return path.startsWith('detail') ? `${base}/api/blade-system/param/${path}` : `${base}/api/blade-system/param/list${path}`;
}

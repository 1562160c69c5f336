// Per-request cost of API logging (issue #4): POST /api/blade-system/param/submit with a
// new param each time, autocannon on loopback, against a fresh server with API_LOG on and
// then off. PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own
// per run). Rounds alternate the order (on/off, off/on, …) and the figures printed last are
// the medians over the rounds. BENCH_SECONDS (10), BENCH_CONNECTIONS (16) and BENCH_ROUNDS (3)
// tune a run. cpu_us is the server process's CPU time per request (user + system, from
// /proc), steadier than rps on a shared machine. Then the log path alone, in this process:
// building and queueing one row, and one 200-row batch insert. Prints, after '#' lines:
//   api-log on  rps=… p50=… p99=… cpu_us=…
//   api-log off rps=… p50=… p99=… cpu_us=…
//   api-log row us=…  batch200 ms=…
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openDatabase } from '../src/server/db/database.js';
import { syncTables } from '../src/server/db/sync-tables.js';
import { ModelRegistry } from '../src/server/engine/model-registry.js';
import { apiLogRecord } from '../src/server/modules/log/api-log.js';
import { LogWriter } from '../src/server/modules/log/log-writer.js';
import { serverIdentity } from '../src/server/modules/log/server-identity.js';
import { loadSchemas } from '../src/server/schema/load-schemas.js';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { projectPath } from '../tests/support/paths.js';
import { createTestDatabase } from '../tests/support/test-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const PORT = 18_091;

interface Storage { env: Record<string, string>; dataDir: string; databaseUrl?: string; drop(): Promise<void> }

async function freshStorage(): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-log-'));
  const db = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' },
    dataDir,
    databaseUrl: db?.url,
    drop: async () => { await db?.drop(); rmSync(dataDir, { recursive: true, force: true }); },
  };
}

function start(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: projectPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => { if (/serving/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function signIn(base: string): Promise<Record<string, string>> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
  const body = (await res.json()) as { access_token: string };
  return { Authorization: BASIC, 'Blade-Auth': `bearer ${body.access_token}`, 'Content-Type': 'application/json' };
}

/** POSTs a new param per request (a unique key each time, so every call inserts). */
async function submits(base: string, headers: Record<string, string>, seconds: number, tag: string) {
  let n = 0;
  const r = await autocannon({
    url: `${base}/api/blade-system/param/submit`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{
      method: 'POST',
      setupRequest: (req) => {
        n += 1;
        const key = `bench.${tag}.${n}`;
        return { ...req, body: JSON.stringify({ paramName: key, paramKey: key, paramValue: 'v', remark: 'api-log bench' }) };
      },
    }],
  });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  (${r.non2xx} non-2xx, ${r.errors} errors)`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

/** CPU time of a process so far, in microseconds (utime + stime from /proc/<pid>/stat). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100;
}

async function countApiLogs(storage: Storage): Promise<number> {
  const database = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  try {
    const rows = await database.db.selectFrom('blade_log_api').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
    return Number(rows?.n ?? 0);
  } finally {
    await database.close();
  }
}

type Figures = { rps: number; p50: number; p99: number; cpuUs: number };

async function run(mode: 'on' | 'off'): Promise<Figures> {
  const storage = await freshStorage();
  try {
    const server = await start({ ...storage.env, PORT: String(PORT), LOG_LEVEL: 'warn', API_LOG: mode, ADMIN_PASSWORD: PASSWORD, SEED_REGIONS: 'false' });
    const base = `http://127.0.0.1:${PORT}`;
    const headers = await signIn(base);
    await submits(base, headers, WARM_UP_SECONDS, `warm-${mode}`);
    const cpuBefore = cpuMicros(server.pid!);
    const load = await submits(base, headers, SECONDS, mode);
    const r = { ...load, cpuUs: Math.round((cpuMicros(server.pid!) - cpuBefore) / (load.rps * SECONDS)) };
    await stop(server);
    const logged = mode === 'on' ? ` (api log rows written: ${await countApiLogs(storage)})` : '';
    console.log(`# ${mode.padEnd(3)} rps=${r.rps} p50=${r.p50} p99=${r.p99} cpu_us=${r.cpuUs}${logged}`);
    return r;
  } finally {
    await storage.drop();
  }
}

/** A request as the onResponse hook sees it after a param submit. */
function sampleRequest(): FastifyRequest {
  const url = '/api/blade-system/param/submit';
  return {
    method: 'POST', url, ip: '127.0.0.1', routeOptions: { url, config: {}, schema: {} },
    headers: { 'user-agent': 'autocannon', 'content-type': 'application/json' }, query: {},
    body: { paramName: 'bench.row', paramKey: 'bench.row', paramValue: 'v', remark: 'api-log bench', password: 'x' },
    user: { tenantId: '000000', account: 'admin' },
  } as unknown as FastifyRequest;
}

/** The engine's route lookup over the schemas (nothing installed, nothing synced). */
function engineLookup(schemas: ReturnType<typeof loadSchemas>) {
  const registry = new ModelRegistry(schemas, { syncTable: async () => undefined, compile: () => undefined });
  return (method: string, url: string) => registry.resolve(method, url);
}

/** µs to build and queue one API log row; ms to insert a batch of 200 (best of 10). */
async function logPath(): Promise<{ rowUs: number; batchMs: number }> {
  const storage = await freshStorage();
  const database = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  try {
    const schemas = loadSchemas(projectPath('schemas'));
    const model = (key: string) => schemas.find((m) => m.key === key)!;
    const models = { api: model('monitor/log-api'), error: model('monitor/log-error'), usual: model('monitor/log-usual') };
    await syncTables(database.db, Object.values(models));
    const sink = { warn: () => undefined, error: (obj: object) => console.warn('  flush failed', obj) };
    const writer = new LogWriter({ db: database.db, models, afterWrite: async () => undefined, sink, capacity: 1_000, batchSize: 100_000, intervalMs: 3_600_000 });
    const input = { request: sampleRequest(), reply: { elapsedTime: 12.3 } as FastifyReply, labels: engineLookup(schemas), server: serverIdentity('production') };
    const n = 20_000;
    const started = performance.now();
    for (let i = 0; i < n; i += 1) writer.push('api', apiLogRecord(input)!);
    const rowUs = ((performance.now() - started) * 1000) / n;
    const batch = new LogWriter({ db: database.db, models, afterWrite: async () => undefined, sink, batchSize: 200, intervalMs: 3_600_000 });
    let batchMs = Infinity;
    for (let round = 0; round < 10; round += 1) {
      for (let i = 0; i < 200; i += 1) batch.push('api', apiLogRecord(input)!);
      const t0 = performance.now();
      await batch.flush();
      batchMs = Math.min(batchMs, performance.now() - t0);
    }
    await writer.close();
    await batch.close();
    return { rowUs: Math.round(rowUs * 10) / 10, batchMs: Math.round(batchMs * 10) / 10 };
  } finally {
    await database.close();
    await storage.drop();
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

console.log(`# POST param/submit, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
const results: Record<'on' | 'off', Figures[]> = { on: [], off: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
  for (const mode of order) results[mode].push(await run(mode));
}
for (const mode of ['on', 'off'] as const) {
  const r = results[mode];
  const m = (key: keyof Figures) => median(r.map((x) => x[key]));
  console.log(`api-log ${mode.padEnd(3)} rps=${m('rps')} p50=${m('p50')} p99=${m('p99')} cpu_us=${m('cpuUs')}`);
}
const path = await logPath();
console.log(`api-log row us=${path.rowUs}  batch200 ms=${path.batchMs}`);

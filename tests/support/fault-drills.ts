import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { FailoverClient, request, signIn, signedIn, succeeded, type Answer } from './cluster-client.js';
import type { ServerProcess } from './server-process.js';

/* The fault drills of issue 16 on server processes sharing one PostgreSQL and one Redis:
   each runs the fault, measures what the processes answer meanwhile and after, and
   reports; tests/api/fault-drills.test.ts asserts on the reports, bench/fault-drills.ts
   (npm run drill:faults) prints them for a longer run. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PARAM = '/api/blade-system/param';
const POST = '/api/blade-system/post';
/** blade_param's uniqueness message: a retried submit whose first try had committed gets it. */
const KEY_EXISTS = '当前参数键名已存在!';

/** Asks `ask` every 100 ms until `done` holds for its answer (at most `limitMs`); the answer and when. */
async function until(ask: () => Promise<Answer>, done: (a: Answer) => boolean, limitMs: number): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  for (;;) {
    const answer = await ask().catch((error: Error) => ({ status: 0, body: error.message, ms: 0 }));
    const ms = performance.now() - started;
    if (done(answer) || ms > limitMs) return { answer, ms };
    await sleep(100);
  }
}

export interface KillDrillReport {
  victimPort: number;
  /** Requests answered, and of them after the kill, per port. */
  answered: Record<number, { total: number; afterKill: number }>;
  /** Tries that reached no process (all should be on the victim's port), per port. */
  connectionErrors: Record<number, number>;
  /** Writes answered success (or answered "key exists" on a retry: the cut try had committed). */
  acknowledged: number;
  committedBeforeCut: number;
  /** Answers that were not a success (other than the above): none expected. */
  failures: string[];
  /** Acknowledged writes not in the database afterwards, and keys stored twice: none expected. */
  missing: string[];
  duplicates: number;
}

/**
 * `workers` clients send reads (a first page, a page filtered by key) and, one in three,
 * a new parameter round-robin to every process; after `beforeMs` the process `victim` is
 * killed with SIGKILL; after `afterMs` more the clients stop and every acknowledged write
 * is looked up in the database.
 */
export async function killDrill(opts: {
  servers: ServerProcess[]; headers: Record<string, string>; databaseUrl: string; victim: number; workers: number; beforeMs: number; afterMs: number;
}): Promise<KillDrillReport> {
  const { servers, victim } = opts;
  const tag = `drill.kill.${randomBytes(3).toString('hex')}`;
  const client = new FailoverClient(servers.map((s) => s.port), opts.headers);
  const report: KillDrillReport = {
    victimPort: servers[victim].port, answered: {}, connectionErrors: {}, acknowledged: 0, committedBeforeCut: 0, failures: [], missing: [], duplicates: 0,
  };
  for (const s of servers) {
    report.answered[s.port] = { total: 0, afterKill: 0 };
    report.connectionErrors[s.port] = 0;
  }
  const acknowledged: string[] = [];
  let killed = false;
  const started = Date.now();
  const killer = setTimeout(() => { process.kill(servers[victim].pid, 'SIGKILL'); killed = true; }, opts.beforeMs);
  await Promise.all(Array.from({ length: opts.workers }, async (_, worker) => {
    for (let n = 0; Date.now() - started < opts.beforeMs + opts.afterMs; n++) {
      const key = `${tag}.${worker}.${n}`;
      const write = n % 3 === 0;
      const delivery = write
        ? await client.send('POST', `${PARAM}/submit`, { paramName: `drill ${worker}`, paramKey: key, paramValue: String(n) })
        : await client.send('GET', n % 3 === 1 ? `${PARAM}/list?current=1&size=10` : `${PARAM}/list?current=1&size=10&paramKey=${tag}.${worker}.`);
      const { answer, port } = delivery;
      for (const e of delivery.connectionErrors) report.connectionErrors[e.port] += 1;
      report.answered[port].total += 1;
      if (killed) report.answered[port].afterKill += 1;
      if (succeeded(answer)) {
        if (write) acknowledged.push(key);
      } else if (write && delivery.connectionErrors.length > 0 && answer.status === 400 && answer.body?.msg === KEY_EXISTS) {
        acknowledged.push(key);
        report.committedBeforeCut += 1;
      } else {
        report.failures.push(`${port} ${write ? 'submit' : 'list'} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    }
  }));
  clearTimeout(killer);
  report.acknowledged = acknowledged.length;
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ key: string; n: number }>(
      'select param_key as key, count(*)::int as n from blade_param where param_key like $1 and is_deleted = 0 group by param_key', [`${tag}.%`]);
    const stored = new Map(rows.map((r) => [r.key, r.n]));
    report.missing = acknowledged.filter((key) => !stored.has(key));
    report.duplicates = rows.filter((r) => r.n > 1).length;
  } finally {
    await db.end();
  }
  return report;
}

export interface OutageReport {
  /** Per process: how long after the stop its readiness said 503, and the checks it gave. */
  readiness: { port: number; ms: number; status: number; checks: unknown }[];
  /** Per process, during the outage: a request's status, message and time to answer. */
  during: { port: number; what: string; status: number; msg: string; ms: number }[];
  /** Per process: how long after the start it served its first successful request again (and whether it ever did). */
  recovered: { port: number; ms: number; ok: boolean }[];
  /** Every process still running at the end (none restarted). */
  alive: boolean;
}

const readinessOf = (port: number) => request(port, 'GET', '/health/ready', { timeoutMs: 5000 });

/** Readiness of every process until it answers 503 (at most 10 s each, side by side). */
async function readinessDown(servers: ServerProcess[], since: number): Promise<OutageReport['readiness']> {
  return Promise.all(servers.map(async (s) => {
    const { answer } = await until(() => readinessOf(s.port), (a) => a.status === 503, 10_000);
    return { port: s.port, ms: Math.round(performance.now() - since), status: answer.status, checks: answer.body?.checks };
  }));
}

const outcome = (port: number, what: string, answer: Answer) => ({ port, what, status: answer.status, msg: String(answer.body?.msg ?? ''), ms: Math.round(answer.ms) });

/**
 * PostgreSQL stopped (`stop`, a fast shutdown: sessions ended) for `downMs` and started
 * again (`start`); meanwhile each process's readiness and a list and a submit on each; after
 * the start, how long until each serves a list and a submit again, with no action on it.
 */
export async function postgresRestartDrill(opts: {
  servers: ServerProcess[]; headers: Record<string, string>; stop(): void; start(): void; downMs: number;
}): Promise<OutageReport> {
  const { servers, headers } = opts;
  const stoppedAt = performance.now();
  opts.stop();
  const readiness = await readinessDown(servers, stoppedAt);
  const during = (await Promise.all(servers.map(async (s) => [
    outcome(s.port, 'list', await request(s.port, 'GET', `${PARAM}/list?current=1&size=10`, { headers })),
    outcome(s.port, 'submit', await request(s.port, 'POST', `${PARAM}/submit`, { headers, body: { paramName: 'drill pg', paramKey: `drill.pg.${randomBytes(4).toString('hex')}`, paramValue: '1' } })),
  ]))).flat();
  await sleep(Math.max(0, opts.downMs - (performance.now() - stoppedAt)));
  const startedAt = performance.now();
  opts.start();
  const recovered = await Promise.all(servers.map(async (s) => {
    const serves = async (): Promise<Answer> => {
      const list = await request(s.port, 'GET', `${PARAM}/list?current=1&size=10`, { headers });
      if (!succeeded(list)) return list;
      return request(s.port, 'POST', `${PARAM}/submit`, { headers, body: { paramName: 'drill pg', paramKey: `drill.pg.${randomBytes(4).toString('hex')}`, paramValue: '2' } });
    };
    const { answer } = await until(serves, succeeded, 20_000);
    return { port: s.port, ms: Math.round(performance.now() - startedAt), ok: succeeded(answer) };
  }));
  return { readiness, during, recovered, alive: servers.every((s) => s.alive()) };
}

export interface RedisDrillReport extends OutageReport {
  /** The token signed in before: what user-info answers with it after the restart (Redis kept no sessions: 401). */
  oldTokenAfter: number;
  /** A filtered list total on each process after the restart, against the rows in the database. */
  totals: { port: number; answered: number; expected: number }[];
  /** Signed-in headers from after the restart. */
  headers: Record<string, string>;
}

/**
 * Redis stopped (`stop`) for `downMs` and started again empty (`start`); meanwhile
 * user-info and a list on each process and their readiness; after it, how long until each
 * signs in and lists again. Also whether list totals stay exact: a process that cached a
 * total before the restart must not take it for current once as many writes are logged
 * after it as before (`loggedWritesOf` counts a table's logged writes in Redis): numbered
 * from 0 again, the write generation would be back at the one the total was cached at.
 */
export async function redisRestartDrill(opts: {
  servers: ServerProcess[]; headers: Record<string, string>; password: string; stop(): void; start(): Promise<void>; downMs: number;
  loggedWritesOf(table: string): number;
}): Promise<RedisDrillReport> {
  const { servers, headers } = opts;
  const [writer, ...readers] = servers;
  const name = `drillredis${randomBytes(3).toString('hex')}`;
  const addPost = async (h: Record<string, string>, i: number) => {
    const answer = await request(writer.port, 'POST', `${POST}/submit`, { headers: h, body: { category: 1, postCode: `dr${randomBytes(4).toString('hex')}`, postName: `${name} ${i}`, sort: i } });
    if (!succeeded(answer)) throw new Error(`post submit failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const total = async (port: number, h: Record<string, string>) => {
    const answer = await request(port, 'GET', `${POST}/list?current=1&size=10&postName=${name}`, { headers: h });
    if (!succeeded(answer)) throw new Error(`post list failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return Number(answer.body.data.total);
  };
  // Each reader caches the total at blade_post's generation now.
  await addPost(headers, 0);
  for (const s of readers) await total(s.port, headers);
  const logged = opts.loggedWritesOf('blade_post');

  const stoppedAt = performance.now();
  opts.stop();
  const during = (await Promise.all(servers.map(async (s) => [
    outcome(s.port, 'user-info', await request(s.port, 'GET', '/api/blade-auth/oauth/user-info', { headers })),
    outcome(s.port, 'list', await request(s.port, 'GET', `${PARAM}/list?current=1&size=10`, { headers })),
  ]))).flat();
  const readiness = await readinessDown(servers, stoppedAt);
  await sleep(Math.max(0, opts.downMs - (performance.now() - stoppedAt)));
  const startedAt = performance.now();
  await opts.start();
  const recovered = await Promise.all(servers.map(async (s) => {
    const serves = async (): Promise<Answer> => {
      const token = await signIn(s.port, opts.password);
      if (!token.body?.access_token) return token;
      return request(s.port, 'GET', `${PARAM}/list?current=1&size=10`, { headers: { ...headers, 'blade-auth': `bearer ${token.body.access_token}` } });
    };
    const { answer } = await until(serves, succeeded, 20_000);
    return { port: s.port, ms: Math.round(performance.now() - startedAt), ok: succeeded(answer) };
  }));
  const oldTokenAfter = (await request(writer.port, 'GET', '/api/blade-auth/oauth/user-info', { headers })).status;

  // As many writes after the restart as were logged before it.
  const after = await signedIn(writer.port, opts.password);
  for (let i = 1; i <= logged; i++) await addPost(after, i);
  const totals = [];
  for (const s of readers) totals.push({ port: s.port, answered: await total(s.port, after), expected: 1 + logged });
  return { readiness, during, recovered, alive: servers.every((s) => s.alive()), oldTokenAfter, totals, headers: after };
}

/** The write generation of `table` in the Redis on `port` (prefix `atrium:`). */
export function redisGeneration(port: number, table: string): number {
  return Number(spawnSync('redis-cli', ['-p', String(port), 'get', `atrium:gen:${table}`], { encoding: 'utf8' }).stdout.trim() || 0);
}

/** How many writes of `table` the log in the Redis on `port` holds (at most its last 2,000). */
export function redisLoggedWrites(port: number, table: string): number {
  return Number(spawnSync('redis-cli', ['-p', String(port), 'llen', `atrium:genlog:${table}`], { encoding: 'utf8' }).stdout.trim() || 0);
}

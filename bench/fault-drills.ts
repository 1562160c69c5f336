// Fault drills (issue 16), `npm run drill:faults`: three `npm start` server processes (the
// built bundle) on a PostgreSQL cluster and a Redis of the drill's own (initdb/pg_ctl and
// redis-server on free ports, in a temporary folder; the machine's own servers are not
// touched), then in turn:
//   1. kill -9 of one process under load (DRILL_WORKERS clients, round-robin, retrying a
//      request on the next process when it gets no answer): what each process answered,
//      connection errors per process, acknowledged writes against the database;
//   2. PostgreSQL stopped (fast shutdown) for DRILL_DOWN_SECONDS and started again:
//      readiness, what a list and a submit answer meanwhile, time to serve again;
//   3. Redis stopped for DRILL_DOWN_SECONDS and started again (empty): the same, plus
//      whether list totals cached before it stay exact after it.
// Each prints one JSON report. Exits 1 when a drill shows a loss, a hang or no recovery.
//   DRILL_WORKERS (default 32), DRILL_SECONDS (load before and after the kill, default 10 each),
//   DRILL_DOWN_SECONDS (default 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAgents, signedIn } from '../tests/support/cluster-client.js';
import { killDrill, postgresRestartDrill, redisLoggedWrites, redisRestartDrill, type OutageReport } from '../tests/support/fault-drills.js';
import { startServerCluster } from '../tests/support/server-cluster.js';
import type { ServerProcess } from '../tests/support/server-process.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { hasPostgresBinaries, throwawayPostgres } from '../tests/support/throwaway-postgres.js';
import { hasRedisServer, throwawayRedis } from '../tests/support/throwaway-redis.js';

const WORKERS = Number(process.env.DRILL_WORKERS ?? 32);
const SECONDS = Number(process.env.DRILL_SECONDS ?? 10);
const DOWN_SECONDS = Number(process.env.DRILL_DOWN_SECONDS ?? 5);
const PASSWORD = 'drill-admin-pw';
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;

if (!hasPostgresBinaries || !hasRedisServer) {
  console.error('drill:faults needs initdb and pg_ctl (PostgreSQL server binaries) and redis-server on PATH');
  process.exit(2);
}

const problems: string[] = [];
const outageProblems = (name: string, report: OutageReport, msg: string) => {
  if (report.readiness.some((r) => r.status !== 503)) problems.push(`${name}: readiness stayed 200`);
  if (report.during.some((d) => d.status !== 503 || d.msg !== msg || d.ms > 6000)) problems.push(`${name}: not a quick 503 "${msg}" meanwhile`);
  if (report.recovered.some((r) => !r.ok)) problems.push(`${name}: a process did not recover`);
  if (!report.alive) problems.push(`${name}: a process ended`);
};

const postgres = await throwawayPostgres();
const redis = await throwawayRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drill-'));
let servers: ServerProcess[] = [];
try {
  const { url: databaseUrl } = await createTestDatabase(postgres.url);
  console.log(`# PostgreSQL on ${postgres.port}, Redis on ${redis.port}; ${load()}`);
  servers = await startServerCluster(3, {
    DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn'
  });
  console.log(`# processes on ${servers.map((s) => s.port).join(', ')}`);
  const headers = await signedIn(servers[0].port, PASSWORD);

  const kill = await killDrill({ servers, headers, databaseUrl, victim: 1, workers: WORKERS, beforeMs: SECONDS * 1000, afterMs: SECONDS * 1000 });
  console.log(`kill -9 (${WORKERS} clients, ${SECONDS} s before and after): ${JSON.stringify(kill)}\n${load()}`);
  const survivors = servers.filter((s) => s.alive());
  if (kill.failures.length || kill.missing.length || kill.duplicates) problems.push('kill -9: a failed answer, a lost or a doubled write');
  if (survivors.some((s) => kill.connectionErrors[s.port] > 0)) problems.push('kill -9: a surviving process failed to answer');

  const pgReport = await postgresRestartDrill({ servers: survivors, headers, stop: () => postgres.stop(), start: () => postgres.start(), downMs: DOWN_SECONDS * 1000 });
  console.log(`PostgreSQL restart (${DOWN_SECONDS} s down): ${JSON.stringify(pgReport)}\n${load()}`);
  outageProblems('PostgreSQL restart', pgReport, '数据库暂不可用，请稍后重试');

  const redisReport = await redisRestartDrill({
    servers: survivors, headers, password: PASSWORD, stop: () => redis.stop(), start: () => redis.start(), downMs: DOWN_SECONDS * 1000,
    loggedWritesOf: (table) => redisLoggedWrites(redis.port, table),
  });
  const { headers: _headers, ...shown } = redisReport;
  console.log(`Redis restart (${DOWN_SECONDS} s down): ${JSON.stringify(shown)}\n${load()}`);
  outageProblems('Redis restart', redisReport, '共享存储暂不可用，请稍后重试');
  if (redisReport.totals.some((t) => t.answered !== t.expected)) problems.push('Redis restart: a list total went stale');
} finally {
  closeAgents();
  await Promise.all(servers.map((s) => s.stop()));
  redis.stop();
  postgres.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(problems.length ? `PROBLEMS:\n  ${problems.join('\n  ')}` : 'every drill passed');
process.exit(problems.length ? 1 : 0);

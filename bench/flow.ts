// Workflow figures on PostgreSQL (issue 12): complete leave approvals per second (start,
// approver completes, HR claims and completes: every step through the HTTP routes, in
// process via inject), then the work lists' latency with 100k finished instances loaded
// (vacuumed, as autovacuum leaves old rows) and open tasks in the todo and claim lists.
//   BENCH_SECONDS (default 15), BENCH_WORKERS (default 8), BENCH_FINISHED (default 100000),
//   BENCH_PROFILE=<file.cpuprofile>: a CPU profile of the approvals phase (node:inspector)
//   load average …
//   approvals: n=… seconds=… per_second=… step_p50=… step_p99=… node_cpu_per_approval=… postgres_cpu_per_approval=…
//   (node = server and bench in one process; postgres = the backends of the bench's database)
//   steps p50/p99: start … complete … claim …
//   todo-list p50=… p99=… first=… (total …) / done-list / claim-list / send-list
//   claim-task / complete-task with the lists loaded
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { firstIdAt } from '../src/server/db/ids.js';
import { createTestDatabase } from '../tests/support/test-database.js';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { approvals, backendCpu, load, percentile, signIn, spread, type Call } from './flow-steps.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const FINISHED = Number(process.env.BENCH_FINISHED ?? 100_000);
const PASSWORD = 'bench-admin-pw';
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Snowflake ids advance by 2^22 a millisecond. */
const MINUTE_OF_IDS = 60_000n << 22n;

function injector(app: FastifyInstance): Call {
  return async (method, url, headers, opts = {}) => (await app.inject({ method, url, headers, ...opts })).json();
}

async function main(): Promise<void> {
  const database = await createTestDatabase(BASE_URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_REGIONS: 'false', API_LOG: 'off' }, { adminPassword: PASSWORD });
  const { app, services } = await buildApp(config);
  await app.ready();
  const db = services.system.database.db;
  try {
    const call = injector(app);
    const admin = await signIn(call, 'admin', PASSWORD);
    const manager = await signIn(call, 'manager', '123456');
    const hr = await signIn(call, 'hr', '123456');
    const managerId = String((await db.selectFrom('blade_user').select('id').where('account', '=', 'manager').executeTakeFirstOrThrow()).id);
    const def = (await call('GET', '/api/blade-flow/work/start-list', admin)).data.records.find((r: any) => r.key === 'Leave');
    const openTask = async (instanceId: string) => String((await db.selectFrom('blade_flow_task').select('id').where('instance_id', '=', instanceId).where('end_time', 'is', null).executeTakeFirstOrThrow()).id);
    const flow = approvals({ admin, manager, hr, managerId, definitionId: def.id }, openTask);
    const { steps, byKind } = flow;
    const start = () => flow.start(call);
    const approve = (instanceId: string) => flow.approve(call, instanceId);
    const hrApproves = (instanceId: string) => flow.hrApproves(call, instanceId);
    const approval = () => flow.approval(() => call);
    console.log(load());
    for (let i = 0; i < 20; i++) await approval(); // warm-up
    steps.length = 0;
    for (const times of Object.values(byKind)) times.length = 0;
    let done = 0;
    const until = performance.now() + SECONDS * 1000;
    const postgres = backendCpu(async () => (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)).rows.map((r) => r.pid));
    const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    await postgres.begin();
    const began = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: WORKERS }, async () => {
      while (performance.now() < until) { await approval(); done++; }
    }));
    const elapsed = (performance.now() - began) / 1000;
    const used = process.cpuUsage(cpu);
    const pgCpu = await postgres.end();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const sortedSteps = [...steps].sort((x, y) => x - y);
    console.log(`approvals: n=${done} seconds=${elapsed.toFixed(1)} workers=${WORKERS} per_second=${(done / elapsed).toFixed(1)} step_p50=${percentile(sortedSteps, 0.5)}ms step_p99=${percentile(sortedSteps, 0.99)}ms node_cpu_per_approval=${((used.user + used.system) / 1000 / Math.max(1, done)).toFixed(1)}ms postgres_cpu_per_approval=${(pgCpu / Math.max(1, done)).toFixed(1)}ms`);
    console.log(`steps: start ${spread(byKind.start)}, complete ${spread(byKind.complete)}, claim ${spread(byKind.claim)}; ${load()}`);

    // 100k finished instances, each with its approver task (manager) and HR task, ended. Ids are time-ordered
    // as the server makes them: instance g started g minutes ago has the id of that minute (its tasks: +1, +2).
    const t0 = performance.now();
    const idNow = firstIdAt(Date.now());
    await sql`insert into blade_flow_instance (id, tenant_id, definition_id, process_key, process_name, process_version, category, business_table, business_id,
        start_user_id, start_user_name, start_time, end_time, state)
      select ${idNow}::bigint - g * ${String(MINUTE_OF_IDS)}::bigint, '000000', ${def.id}, 'Leave', '请假流程', 1, 'flow_1', 'blade_process_leave', (6000000000000000000 + g)::text,
        (select id from blade_user where account = 'admin' and tenant_id = '000000'), '管理员', localtimestamp(0) - make_interval(mins => g), localtimestamp(0) - make_interval(mins => g) + interval '1 hour', 'completed'
      from generate_series(1, ${FINISHED}) g`.execute(db);
    await sql`insert into blade_flow_task (id, tenant_id, instance_id, definition_id, task_def_key, name, assignee_id, create_time, end_time, comment, flag, end_reason)
      select ${idNow}::bigint - g * ${String(MINUTE_OF_IDS)}::bigint + 1 + k, '000000', ${idNow}::bigint - g * ${String(MINUTE_OF_IDS)}::bigint, ${def.id}, case k when 0 then 'approverTask' else 'hrTask' end,
        case k when 0 then '审批人审批' else '人事审批' end,
        (select id from blade_user where account = case k when 0 then 'manager' else 'hr' end and tenant_id = '000000'),
        localtimestamp(0) - make_interval(mins => g), localtimestamp(0) - make_interval(mins => g) + interval '30 minutes', '同意', 'ok', 'completed'
      from generate_series(1, ${FINISHED}) g, generate_series(0, 1) k`.execute(db);
    // Old rows are all-visible once autovacuum has passed: index-only counts and scans need that.
    for (const table of ['blade_flow_instance', 'blade_flow_task', 'blade_flow_task_candidate', 'blade_flow_history']) await sql.raw(`vacuum analyze ${table}`).execute(services.system.database.ownerDb);
    console.log(`loaded ${FINISHED} finished instances (${2 * FINISHED} tasks) in ${((performance.now() - t0) / 1000).toFixed(1)}s`);
    // Open tasks: 15 wait on the approver (todo), 15 on HR's claim (claim).
    const open: string[] = [];
    for (let i = 0; i < 30; i++) {
      const started = await start();
      if (i % 2) await approve(started.processInstanceId); else open.push(started.processInstanceId);
    }
    for (const [list, who] of [['todo', manager], ['done', manager], ['claim', hr], ['send', admin]] as const) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 300; i++) {
        const t1 = performance.now();
        const body = await call('GET', `/api/blade-flow/work/${list}-list`, who, { query: { current: String(1 + (i % 5)), size: '10' } });
        times.push(performance.now() - t1);
        total = body.data.total;
      }
      console.log(`${list}-list ${spread(times)} first=${times[0].toFixed(1)}ms (total ${total} rows)`);
    }
    // Steps while the lists are loaded, one at a time, interleaved with reads of the lists they change.
    for (const times of Object.values(byKind)) times.length = 0;
    const reads: number[] = [];
    for (const instanceId of open) {
      await approve(instanceId);
      for (const [list, who] of [['done', manager], ['claim', hr]] as const) {
        const t1 = performance.now();
        await call('GET', `/api/blade-flow/work/${list}-list`, who);
        reads.push(performance.now() - t1);
      }
      await hrApproves(instanceId);
    }
    console.log(`with the lists loaded: complete ${spread(byKind.complete)}, claim-task ${spread(byKind.claim)}, done/claim-list right after a step ${spread(reads)}; ${load()}`);
  } finally {
    await app.close();
    await database.drop();
  }
}

main().catch((error) => { console.error(error); process.exit(1); });

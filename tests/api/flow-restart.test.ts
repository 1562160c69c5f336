import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BASIC } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-flow-restart-'));
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One server process on the shared data folder / database; a second call is a restarted server. */
async function server(databaseUrl: string): Promise<FastifyInstance> {
  const config = loadConfig(
    // Overload shedding off: a server just started on a busy machine may answer 503 (event-loop delay), which is not what these tests are about.
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
    { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
  );
  const { app } = await buildApp(config);
  await app.ready();
  return app;
}

async function as(app: FastifyInstance, username: string, password = '123456') {
  const res = await app.inject({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' },
  });
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${res.json().access_token}` };
  return {
    get: async (url: string, query: Record<string, string> = {}) => (await app.inject({ method: 'GET', url, headers, query })).json(),
    post: async (url: string, opts: { query?: Record<string, string>; payload?: object }) => (await app.inject({ method: 'POST', url, headers, ...opts })).json(),
  };
}

describe('a process across a server restart', () => {
  it('finishes on a new server after the first one stopped between two steps', async () => {
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    drop = database?.drop;
    const url = database?.url ?? '';

    const first = await server(url);
    const admin = await as(first, 'admin', 'admin-pw');
    const manager = await as(first, 'manager');
    const def = (await admin.get('/api/blade-flow/work/start-list')).data.records.find((r: any) => r.key === 'Leave');
    const users = (await admin.get('/api/blade-user/user-list')).data;
    const managerId = String((Array.isArray(users) ? users : users.records).find((u: any) => u.account === 'manager').id);
    const started = await admin.post('/api/blade-desk/process/leave/start-process', {
      payload: { processDefinitionId: def.id, taskUser: managerId, startTime: '2026-02-02 09:00:00', endTime: '2026-02-03 18:00:00', reason: '看病' },
    });
    expect(started.success, JSON.stringify(started)).toBe(true);
    const todo = (await manager.get('/api/blade-flow/work/todo-list')).data.records[0];
    expect((await manager.post('/api/blade-flow/work/complete-task', { payload: { taskId: todo.taskId, flag: 'ok' } })).success).toBe(true);
    await first.close();

    const second = await server(url);
    try {
      const hr = await as(second, 'hr');
      const claimList = await hr.get('/api/blade-flow/work/claim-list');
      expect(claimList.success, JSON.stringify(claimList)).toBe(true);
      const claim = claimList.data.records.find((r: any) => r.processInstanceId === started.data.processInstanceId);
      expect(claim.taskName).toBe('人事审批');
      expect((await hr.post('/api/blade-flow/work/claim-task', { query: { taskId: claim.taskId } })).success).toBe(true);
      expect((await hr.post('/api/blade-flow/work/complete-task', { payload: { taskId: claim.taskId, flag: 'ok', comment: '批准' } })).success).toBe(true);
      const admin2 = await as(second, 'admin', 'admin-pw');
      const sent = (await admin2.get('/api/blade-flow/work/send-list')).data.records.find((r: any) => r.processInstanceId === started.data.processInstanceId);
      expect(sent).toMatchObject({ processIsFinished: true, processState: 'completed' });
      const steps = (await admin2.get('/api/blade-flow/process/history-flow-list', { processInstanceId: started.data.processInstanceId })).data;
      expect(steps.map((s: any) => s.historyActivityId)).toEqual(['start', 'approverTask', 'hrTask', 'approved']);
    } finally {
      await second.close();
    }
  }, 180_000);
});

describe('a database from before history rows had a tenant column', () => {
  it('gets the column at start, each row filled with its instance\'s tenant, and the history reads as before', async () => {
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const dir = mkdtempSync(join(tmpdir(), 'atrium-flow-upgrade-'));
    const url = database?.url ?? '';
    const boot = () => {
      const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
        { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
      return buildApp(config);
    };
    try {
      const first = await boot();
      await first.app.ready();
      const admin = await as(first.app, 'admin', 'admin-pw');
      const users = (await admin.get('/api/blade-user/user-list')).data;
      const managerId = String((Array.isArray(users) ? users : users.records).find((u: any) => u.account === 'manager').id);
      const def = (await admin.get('/api/blade-flow/work/start-list')).data.records.find((r: any) => r.key === 'Leave');
      const started = await admin.post('/api/blade-desk/process/leave/start-process', {
        payload: { processDefinitionId: def.id, taskUser: managerId, startTime: '2026-04-01 09:00:00', endTime: '2026-04-01 18:00:00', reason: '升级' },
      });
      expect(started.success, JSON.stringify(started)).toBe(true);
      // As an older version left it (cascade: under row security its policies use the column).
      await sql.raw('alter table blade_flow_history drop column tenant_id cascade').execute(first.services.system.database.ownerDb);
      await first.app.close();

      const second = await boot();
      try {
        await second.app.ready();
        const tenants = await sql<{ tenant_id: string; n: number }>`select tenant_id, count(*)::int as n from blade_flow_history group by tenant_id`.execute(second.services.system.repo.db);
        expect(tenants.rows).toEqual([{ tenant_id: '000000', n: 2 }]);
        const steps = (await (await as(second.app, 'admin', 'admin-pw')).get('/api/blade-flow/process/history-flow-list', { processInstanceId: started.data.processInstanceId })).data;
        expect(steps.map((s: any) => s.historyActivityId)).toEqual(['start', 'approverTask']);
      } finally {
        await second.app.close();
      }
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('two server processes on one PostgreSQL database', () => {
  // PGlite is one process's database; taking turns between processes needs a database server.
  it.skipIf(!process.env.DATABASE_URL)('take turns on one instance: each step runs on the stored state, never on an engine a server kept from an earlier step', async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    const a = await server(database.url);
    const b = await server(database.url);
    try {
      const adminA = await as(a, 'admin', 'admin-pw');
      const users = (await adminA.get('/api/blade-user/user-list')).data;
      const managerId = String((Array.isArray(users) ? users : users.records).find((u: any) => u.account === 'manager').id);
      const def = (await adminA.get('/api/blade-flow/work/start-list')).data.records.find((r: any) => r.key === 'Leave');
      // Five days: approver → HR → boss. A starts; B, A and B again take the steps, so each server's kept engine falls behind.
      const started = await adminA.post('/api/blade-desk/process/leave/start-process', {
        payload: { processDefinitionId: def.id, taskUser: managerId, startTime: '2026-03-02 09:00:00', endTime: '2026-03-06 18:00:00', reason: '旅行' },
      });
      expect(started.success, JSON.stringify(started)).toBe(true);
      const instanceId = started.data.processInstanceId;
      const taskOf = async (who: Awaited<ReturnType<typeof as>>, list: string) =>
        (await who.get(`/api/blade-flow/work/${list}-list`)).data.records.find((r: any) => r.processInstanceId === instanceId);

      const managerB = await as(b, 'manager');
      const approverTask = await taskOf(managerB, 'todo');
      expect((await managerB.post('/api/blade-flow/work/complete-task', { payload: { taskId: approverTask.taskId, flag: 'ok', comment: 'B 同意' } })).success).toBe(true);

      const hrA = await as(a, 'hr');
      const hrTask = await taskOf(hrA, 'claim');
      expect(hrTask.taskName).toBe('人事审批');
      expect((await hrA.post('/api/blade-flow/work/claim-task', { query: { taskId: hrTask.taskId } })).success).toBe(true);
      const hrDone = await hrA.post('/api/blade-flow/work/complete-task', { payload: { taskId: hrTask.taskId, flag: 'ok', comment: 'A 同意' } });
      expect(hrDone.success, JSON.stringify(hrDone)).toBe(true);

      const bossB = await as(b, 'boss');
      const bossTask = await taskOf(bossB, 'claim');
      expect(bossTask.taskName).toBe('老板审批');
      expect((await bossB.post('/api/blade-flow/work/claim-task', { query: { taskId: bossTask.taskId } })).success).toBe(true);
      const bossDone = await bossB.post('/api/blade-flow/work/complete-task', { payload: { taskId: bossTask.taskId, flag: 'ok', comment: 'B 批准' } });
      expect(bossDone.success, JSON.stringify(bossDone)).toBe(true);

      const steps = (await adminA.get('/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).data;
      expect(steps.map((s: any) => [s.historyActivityId, s.comment])).toEqual([
        ['start', ''], ['approverTask', 'B 同意'], ['hrTask', 'A 同意'], ['bossTask', 'B 批准'], ['approved', ''],
      ]);
      expect(await taskOf(adminA, 'send')).toMatchObject({ processIsFinished: true, processState: 'completed' });
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  }, 240_000);
});

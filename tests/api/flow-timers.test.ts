import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BASIC } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

/* Timer boundary events (issue 33): a due timer fires from the poller, once, and after a restart. */
process.env.FLOW_TIMER_POLL_MS = '200';
const POSTGRES = process.env.DATABASE_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!().catch(() => undefined); });
afterAll(async () => { while (cleanups.length) await cleanups.pop()!().catch(() => undefined); });

/** A place for one suite's servers: a data folder (PGlite) or a database of its own (DATABASE_URL). */
async function place(): Promise<{ dataDir: string; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-flow-timers-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const database = POSTGRES ? await createTestDatabase(POSTGRES) : undefined;
  if (database) cleanups.push(database.drop);
  return { dataDir, url: database?.url ?? '' };
}

/** One server process on the place; several calls: several processes (PostgreSQL) or a restarted server. */
async function server({ dataDir, url }: { dataDir: string; url: string }): Promise<FastifyInstance> {
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
    { adminPassword: 'admin-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
  );
  const { app } = await buildApp(config);
  await app.ready();
  let closed = false;
  const close = app.close.bind(app);
  (app as any).close = async () => { if (!closed) { closed = true; await close(); } };
  cleanups.push(() => app.close());
  return app;
}

async function admin(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { tenantId: '000000', username: 'admin', password: md5Hex('admin-pw'), grant_type: 'password', scope: 'all' },
  });
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${res.json().access_token}` };
  return {
    headers,
    get: async (url: string, query: Record<string, string> = {}) => (await app.inject({ method: 'GET', url, headers, query })).json(),
    post: async (url: string, opts: { query?: Record<string, string>; payload?: object }) => (await app.inject({ method: 'POST', url, headers, ...opts })).json(),
  };
}

type Caller = Awaited<ReturnType<typeof admin>>;

/** 审批 (assigned to ${taskUser}) with a timer of `timer` on it; the timer leads to 超时处理 (interrupting) or to an end (reminding). */
function timerProcess(key: string, { interrupting, timer }: { interrupting: boolean; timer: string }) {
  const after = interrupting
    ? `<sequenceFlow id="f3" sourceRef="timer" targetRef="late"/><userTask id="late" name="超时处理" camunda:assignee="\${taskUser}"/>
       <sequenceFlow id="f4" sourceRef="late" targetRef="e2"/><endEvent id="e2" name="超时结束"/>`
    : '<sequenceFlow id="f3" sourceRef="timer" targetRef="e2"/><endEvent id="e2" name="已提醒"/>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <process id="${key}" name="限时 ${key}" isExecutable="true">
    <startEvent id="s" name="开始"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="approve"/>
    <userTask id="approve" name="审批" camunda:assignee="\${taskUser}"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="e1"/>
    <endEvent id="e1" name="结束"/>
    <boundaryEvent id="timer" name="限时" attachedToRef="approve" cancelActivity="${interrupting}">
      <timerEventDefinition>${timer}</timerEventDefinition>
    </boundaryEvent>
    ${after}
  </process>
</definitions>`;
}

function multipart(headers: Record<string, string>, file: { name: string; content: string }, fields: Record<string, string>) {
  const boundary = '----timertest';
  const parts = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/xml\r\n\r\n${file.content}\r\n`,
  ];
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Deploys the process for tenant 000000 and starts it through the leave route (assigned to admin); answers the instance id. */
async function deployAndStart(app: FastifyInstance, who: Caller, { key, xml }: { key: string; xml: string }): Promise<string> {
  const deployed = (await app.inject({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload', ...multipart(who.headers, { name: `${key}.bpmn`, content: xml }, { category: 'flow_2', tenantIds: '000000' }) })).json();
  expect(deployed.success, JSON.stringify(deployed)).toBe(true);
  const def = (await who.get('/api/blade-flow/manager/list', { mode: '2', size: '100' })).data.records.find((d: any) => d.key === key);
  const users = (await who.get('/api/blade-user/user-list')).data;
  const adminId = String((Array.isArray(users) ? users : users.records).find((u: any) => u.account === 'admin').id);
  const started = await who.post('/api/blade-desk/process/leave/start-process', {
    payload: { processDefinitionId: def.id, taskUser: adminId, startTime: '2026-03-01 09:00:00', endTime: '2026-03-02 09:00:00', reason: 'r' },
  });
  expect(started.success, JSON.stringify(started)).toBe(true);
  return started.data.processInstanceId;
}

const historyOf = async (who: Caller, instanceId: string) => (await who.get('/api/blade-flow/process/history-flow-list', { processInstanceId: instanceId })).data as any[];
const todoOf = async (who: Caller, instanceId: string) => (await who.get('/api/blade-flow/work/todo-list', { size: '100' })).data.records
  .filter((r: any) => r.processInstanceId === instanceId) as any[];

async function until<T>(what: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const value = await what();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const fired = (steps: any[]) => steps.some((s) => s.historyActivityType === 'timerEvent');
const soon = '<timeDuration>PT1S</timeDuration>';

describe('timer boundary events on user tasks', () => {
  it('an interrupting timer of 2 s ends the task with flag timeout and the process follows the timer\'s flow', async () => {
    const app = await server(await place());
    const a = await admin(app);
    const instanceId = await deployAndStart(app, a, { key: 'LateOne', xml: timerProcess('LateOne', { interrupting: true, timer: '<timeDuration>PT2S</timeDuration>' }) });
    expect((await todoOf(a, instanceId)).map((t) => t.taskName)).toEqual(['审批']);
    const steps = await until(() => historyOf(a, instanceId), fired);
    const approve = steps.find((s) => s.historyActivityId === 'approve');
    expect(approve).toMatchObject({ flag: 'timeout' });
    expect(approve.endTime).toBeTruthy();
    expect(steps.find((s) => s.historyActivityType === 'timerEvent')).toMatchObject({ historyActivityId: 'timer', flag: 'timeout' });
    expect((await todoOf(a, instanceId)).map((t) => t.taskName)).toEqual(['超时处理']);
  }, 60_000);

  it('a timer already due when its task starts does not fail the start: the task opens and the timer fires on the next poll', async () => {
    const app = await server(await place());
    const a = await admin(app);
    const instanceId = await deployAndStart(app, a, { key: 'DueAlready', xml: timerProcess('DueAlready', { interrupting: true, timer: '<timeDate>2020-01-01T00:00:00Z</timeDate>' }) });
    const steps = await until(() => historyOf(a, instanceId), fired);
    expect(steps.find((s) => s.historyActivityId === 'approve')).toMatchObject({ flag: 'timeout' });
    expect((await todoOf(a, instanceId)).map((t) => t.taskName)).toEqual(['超时处理']);
  }, 60_000);

  it('a non-interrupting timer leaves a reminder for the handler and keeps the task open', async () => {
    const app = await server(await place());
    const a = await admin(app);
    const instanceId = await deployAndStart(app, a, { key: 'Remind', xml: timerProcess('Remind', { interrupting: false, timer: '<timeDuration>PT1S</timeDuration>' }) });
    const steps = await until(() => historyOf(a, instanceId), fired);
    const reminder = steps.find((s) => s.historyActivityType === 'timerEvent');
    expect(reminder).toMatchObject({ historyActivityId: 'timer', flag: 'remind' });
    expect(reminder.assignee ?? reminder.assigneeName ?? reminder.assigneeId).toBeTruthy();
    expect(steps.find((s) => s.historyActivityId === 'approve').endTime).toBeFalsy();
    const todo = await todoOf(a, instanceId);
    expect(todo.map((t) => t.taskName)).toEqual(['审批']);
    // Once: the reminder is not repeated, and the task can still be done.
    await new Promise((r) => setTimeout(r, 1500));
    const later = await historyOf(a, instanceId);
    expect(later.filter((s) => s.historyActivityType === 'timerEvent'), JSON.stringify(later)).toHaveLength(1);
    const done = await a.post('/api/blade-flow/work/complete-task', { payload: { taskId: todo[0].taskId, flag: 'ok' } });
    expect(done.success, JSON.stringify(done)).toBe(true);
  }, 60_000);

  it.skipIf(!POSTGRES)('fires once with two server processes on one PostgreSQL database (PGlite is one process\'s own: no second server can open it)', async () => {
    const where = await place();
    const [one, two] = [await server(where), await server(where)];
    const a = await admin(one);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await deployAndStart(one, a, { key: `Twice${i}`, xml: timerProcess(`Twice${i}`, { interrupting: true, timer: soon }) }));
    const b = await admin(two);
    for (const id of ids) {
      const steps = await until(() => historyOf(b, id), fired);
      await new Promise((r) => setTimeout(r, 1000));
      const again = await historyOf(b, id);
      expect(again.filter((s) => s.historyActivityType === 'timerEvent'), JSON.stringify(steps)).toHaveLength(1);
      expect(again.filter((s) => s.historyActivityId === 'late')).toHaveLength(1);
    }
  }, 90_000);

  it('a timer that fell due while the server was down fires after the restart', async () => {
    const where = await place();
    const first = await server(where);
    const a = await admin(first);
    const instanceId = await deployAndStart(first, a, { key: 'Restart', xml: timerProcess('Restart', { interrupting: true, timer: '<timeDuration>PT3S</timeDuration>' }) });
    await first.close();
    await new Promise((r) => setTimeout(r, 3500));
    const second = await server(where);
    const b = await admin(second);
    const steps = await until(() => historyOf(b, instanceId), fired);
    expect(steps.find((s) => s.historyActivityId === 'approve')).toMatchObject({ flag: 'timeout' });
    expect((await todoOf(b, instanceId)).map((t) => t.taskName)).toEqual(['超时处理']);
  }, 90_000);

  it('refuses a cycle timer on deploy, saying what is wrong', async () => {
    const app = await server(await place());
    const a = await admin(app);
    const res = (await app.inject({ method: 'POST', url: '/api/blade-flow/manager/deploy-upload',
      ...multipart(a.headers, { name: 'Cycle.bpmn', content: timerProcess('Cycle', { interrupting: false, timer: '<timeCycle>R3/PT1M</timeCycle>' }) }, { category: 'flow_2', tenantIds: '000000' }) })).json();
    expect(res.success).toBe(false);
    expect(res.msg).toMatch(/timer/);
  }, 60_000);
});

// One leave approval as the bench:flow benches run it (start, approver completes, HR claims and
// completes), over any transport: in-process inject (bench/flow.ts) or HTTP to several server
// processes (bench/flow-cluster.ts). Also the sign-in and the figures' formatting they share.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { md5Hex } from '../src/server/seed/run-seed.js';

export type Headers = Record<string, string>;
/** Sends one request; answers the parsed JSON body. */
export type Call = (method: 'GET' | 'POST', url: string, headers: Headers, opts?: { query?: Record<string, string>; payload?: object }) => Promise<any>;

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export async function signIn(call: Call, username: string, password: string): Promise<Headers> {
  const body = await call('POST', '/api/blade-auth/oauth/token', { authorization: BASIC },
    { query: { tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' } });
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1)) : 0;
}

export function spread(times: number[]): string {
  const sorted = [...times].sort((x, y) => x - y);
  return `p50=${percentile(sorted, 0.5)}ms p99=${percentile(sorted, 0.99)}ms`;
}

const CLOCK_TICKS = 100; // /proc/<pid>/stat counts CPU in USER_HZ (100 on Linux)

/** User + system CPU of a process so far, in ms (0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU of the PostgreSQL backends serving one database (found by `backends()`, on this machine),
 * between `begin` and `end`: a backend that appeared in between counts from 0.
 */
export function backendCpu(backends: () => Promise<number[]>) {
  let before = new Map<number, number>();
  return {
    async begin() { before = new Map((await backends()).map((pid) => [pid, cpuMs(pid)])); },
    async end(): Promise<number> {
      const pids = new Set([...before.keys(), ...(await backends())]);
      return [...pids].reduce((sum, pid) => sum + Math.max(0, cpuMs(pid) - (before.get(pid) ?? 0)), 0);
    },
  };
}

export const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;

export interface Approvals {
  /** Step times by kind (start, complete, claim) and all together. */
  byKind: Record<string, number[]>;
  steps: number[];
  start(call: Call): Promise<{ processInstanceId: string }>;
  approve(call: Call, instanceId: string): Promise<void>;
  hrApproves(call: Call, instanceId: string): Promise<void>;
  /** A whole approval; `callFor(i)` is the transport of its i-th request. */
  approval(callFor: (i: number) => Call): Promise<void>;
}

/**
 * The leave approval's requests, timed. `openTask` finds an instance's open task (the bench reads
 * it from the database: the API answers no task id on complete).
 */
export function approvals(who: { admin: Headers; manager: Headers; hr: Headers; managerId: string; definitionId: string },
  openTask: (instanceId: string) => Promise<string>): Approvals {
  const byKind: Record<string, number[]> = { start: [], complete: [], claim: [] };
  const steps: number[] = [];
  const step = async (call: Call, kind: string, headers: Headers, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; payload?: object } = {}) => {
    const t0 = performance.now();
    const body = await call(method, url, headers, opts);
    const took = performance.now() - t0;
    steps.push(took);
    byKind[kind].push(took);
    if (!body.success) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  };
  const start = (call: Call) => step(call, 'start', who.admin, 'POST', '/api/blade-desk/process/leave/start-process', {
    payload: { processDefinitionId: who.definitionId, taskUser: who.managerId, startTime: '2026-04-01 09:00:00', endTime: '2026-04-01 18:00:00', reason: 'bench' } });
  const approve = async (call: Call, instanceId: string) => {
    await step(call, 'complete', who.manager, 'POST', '/api/blade-flow/work/complete-task', { payload: { taskId: await openTask(instanceId), flag: 'ok' } });
  };
  const hrClaim = async (call: Call, taskId: string) => { await step(call, 'claim', who.hr, 'POST', '/api/blade-flow/work/claim-task', { query: { taskId } }); };
  const hrComplete = async (call: Call, taskId: string) => { await step(call, 'complete', who.hr, 'POST', '/api/blade-flow/work/complete-task', { payload: { taskId, flag: 'ok' } }); };
  const hrApproves = async (call: Call, instanceId: string) => {
    const hrTask = await openTask(instanceId);
    await hrClaim(call, hrTask);
    await hrComplete(call, hrTask);
  };
  return {
    byKind, steps, start, approve, hrApproves,
    async approval(callFor) {
      const started = await start(callFor(0));
      await approve(callFor(1), started.processInstanceId);
      const hrTask = await openTask(started.processInstanceId);
      await hrClaim(callFor(2), hrTask);
      await hrComplete(callFor(3), hrTask);
    },
  };
}

// The workflow engine alone (no database, no HTTP): CPU per leave approval through flow-runtime
// (start, approver completes, HR completes), on kept engines and on engines recovered from the
// stored state at every step. BENCH_APPROVALS (default 400).
import { completeTask, startProcess, type StepResult } from '../src/server/modules/flow/flow-runtime.js';
import { LEAVE_BPMN } from '../src/server/modules/flow/leave-process.js';
import { load } from './flow-steps.js';

const N = Number(process.env.BENCH_APPROVALS ?? 400);
const def = { cacheKey: 'Leave:1:bench', xml: LEAVE_BPMN };
const vars = { createUser: 'admin', taskUser: 'taskUser_1', days: 1, businessKey: 'blade_process_leave:1' };

async function approval(recover: boolean, times: number[]): Promise<number> {
  let t = performance.now();
  const lap = (i: number) => { const now = performance.now(); times[i] += now - t; t = now; };
  let s: StepResult = await startProcess({ xml: def.xml, variables: vars, cacheKey: def.cacheKey });
  lap(0);
  let w = s.fresh[0];
  s = await completeTask({ state: s.state, task: w, output: { pass: true }, definition: def, running: recover ? undefined : s.running });
  lap(1);
  w = s.fresh[0];
  s = await completeTask({ state: s.state, task: w, output: { pass: true }, definition: def, running: recover ? undefined : s.running });
  lap(2);
  if (!s.ended) throw new Error('not ended');
  return s.state.length;
}

async function main(): Promise<void> {
  console.log(load());
  for (const recover of [false, true]) {
    const times = [0, 0, 0];
    for (let i = 0; i < 50; i++) await approval(recover, [0, 0, 0]);
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) bytes = await approval(recover, times);
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - t0;
    console.log(`${recover ? 'recovered' : 'kept'} engines: n=${N} cpu_per_approval=${((used.user + used.system) / 1000 / N).toFixed(2)}ms wall_per_approval=${(wall / N).toFixed(2)}ms`
      + ` start=${(times[0] / N).toFixed(2)} complete1=${(times[1] / N).toFixed(2)} complete2=${(times[2] / N).toFixed(2)}ms final_state=${bytes}B`);
  }
  console.log(load());
}

main().catch((error) => { console.error(error); process.exit(1); });

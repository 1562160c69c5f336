// Start-up and memory of `npm start`'s server on the embedded database (issue 15):
//   first-ever: a new data folder and no cached empty cluster yet (PGLITE_TEMPLATE_DIR
//             pointed at an empty folder): the start makes the cluster, as on a machine
//             whose `npm install` did not
//   fresh:    another new data folder, copied from that cluster (tables created, tenant,
//             menus and the region list seeded)
//   existing: the same folder again
//   after use: RSS once signed in and after BENCH_REQUESTS list pages across the entities
// Each line: ready_ms (spawn → /health/ready answers 200), cpu_ms (the process's user+system
// time at that moment, less sensitive to a busy machine than the wall clock), rss_mb.
// The server is the bundle `npm start` runs (dist/server/main.mjs, built first).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { md5Hex } from '../src/server/seed/run-seed.js';
import { freePort, serverNodeFlags } from '../tests/support/server-process.js';
import { projectPath } from '../tests/support/paths.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const LISTS = ['/blade-system/param/list', '/blade-system/dict/list', '/blade-user/list', '/blade-system/role/list', '/blade-system/dept/list', '/blade-log/api/list', '/blade-system/region/list', '/blade-system/menu/list'];

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

function procStats(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, fields 14 and 15
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return { cpuMs: ticks * 10, rssMb: Math.round(rss / 1024) };
}

async function startAndWait(dataDir: string, templateDir: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(await serverNodeFlags()), projectPath('dist/server/main.mjs')], {
    env: { ...process.env, DATA_DIR: dataDir, PGLITE_TEMPLATE_DIR: templateDir, DATABASE_URL: '', REDIS_URL: '', PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return { child, readyMs: Math.round(performance.now() - t0) };
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function use(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}/api`;
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' });
  const token = (await (await fetch(`${base}/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: BASIC } })).json()) as { access_token: string };
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` };
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(`${base}${LISTS[i % LISTS.length]}?current=${1 + (i % 5)}&size=20`, { headers });
    if (!res.ok) throw new Error(`${LISTS[i % LISTS.length]} answered ${res.status}`);
    await res.arrayBuffer();
  }
}

async function main(): Promise<void> {
  const { buildServer } = (await import(projectPath('scripts/build-server.mjs'))) as { buildServer(): Promise<void> };
  await buildServer();
  const root = mkdtempSync(join(tmpdir(), 'atrium-bench-start-'));
  const [templateDir, firstDir, dataDir] = ['template', 'first', 'data'].map((name) => join(root, name));
  const port = await freePort();
  try {
    console.log(`load average ${load()}`);
    const first = await startAndWait(firstDir, templateDir, port);
    console.log(`first-ever ready_ms=${first.readyMs} ${fmt(procStats(first.child.pid!))}`);
    await stop(first.child);
    const fresh = await startAndWait(dataDir, templateDir, port);
    console.log(`fresh    ready_ms=${fresh.readyMs} ${fmt(procStats(fresh.child.pid!))}`);
    await stop(fresh.child);
    const again = await startAndWait(dataDir, templateDir, port);
    console.log(`existing ready_ms=${again.readyMs} ${fmt(procStats(again.child.pid!))}`);
    await use(port);
    console.log(`after ${REQUESTS} list requests ${fmt(procStats(again.child.pid!))}; load average ${load()}`);
    await stop(again.child);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

}

function fmt(s: { cpuMs: number; rssMb: number }): string {
  return `cpu_ms=${s.cpuMs} rss_mb=${s.rssMb}`;
}

await main();

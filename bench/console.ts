// Console load speed in headless Chromium on loopback (issue 15), against the built
// console (dist/client, or CLIENT_DIR; `npm run bench:console` builds first) served by `npm start`'s
// server on a fresh embedded database:
//   - login: BENCH_LOADS (default 5) cold loads of /login, each in a new browser context
//     with the cache off: navigation start → the username field visible; the median, and
//     the requests made before the form of the median load (the waterfall, if any);
//   - the JavaScript each route loads (gzip size of the files, whatever the server sent);
//   - a 200-row page of 参数管理: the list answer's arrival → the rows painted and the main
//     thread free again.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { projectPath } from '../tests/support/paths.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { fetchedSoFar, longTasks, rowsPainted, watchLoginForm, watchLongTasks, type Fetched } from './console-probes.js';

const CLIENT_DIR = process.env.CLIENT_DIR || projectPath('dist/client');
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const ROWS = 200;
const ROW_RUNS = Number(process.env.BENCH_ROW_RUNS ?? 3);
const PASSWORD = 'bench-admin-pw';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const RESOURCE_SCREEN = '/system/param/index';

const ms = (n: number) => Math.round(n);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A page in a new context (empty cache, own storage) with the browser cache turned off. */
async function coldPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

/** Gzip size of the console's JavaScript files among the requests (as built, not as sent). */
function jsGzipKb(fetched: Fetched[]): number {
  const files = new Set(fetched.map((f) => new URL(f.url).pathname).filter((p) => p.endsWith('.js')));
  let bytes = 0;
  for (const path of files) bytes += gzipSync(readFileSync(`${CLIENT_DIR}${path}`)).length;
  return Math.round(bytes / 102.4) / 10;
}

const sentKb = (fetched: Fetched[]) => Math.round(fetched.filter((f) => f.url.endsWith('.js')).reduce((n, f) => n + f.bytes, 0) / 102.4) / 10;

function printWaterfall(fetched: Fetched[], until: number): void {
  for (const f of fetched.filter((r) => r.start < until)) {
    const { pathname, search } = new URL(f.url);
    console.log(`    ${String(ms(f.start)).padStart(5)} → ${String(ms(f.end)).padStart(5)} ms  ${f.type.padEnd(14)} ${pathname}${search}`);
  }
}

async function measureLogin(browser: Browser, base: string, loads: number): Promise<{ visible: number; fetched: Fetched[] }[]> {
  const runs = [];
  for (let i = 0; i < loads; i++) {
    const page = await coldPage(browser, base);
    await watchLoginForm(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const visible = await page.waitForFunction(() => window.__formVisibleAt, undefined, { polling: 50, timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>);
    runs.push({ visible, fetched: await fetchedSoFar(page) });
    await page.context().close();
  }
  return runs;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-tenantId').fill('000000');
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL('**/wel/index');
}

/** Fills 参数管理 with enough rows for a full 200-row page. */
async function addParams(base: string): Promise<void> {
  const { createHash } = await import('node:crypto');
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: createHash('md5').update(PASSWORD).digest('hex'), grant_type: 'password', scope: 'all' });
  const token = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } }).then((r) => r.json() as Promise<{ access_token: string }>);
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token.access_token}`, 'Content-Type': 'application/json' };
  for (let i = 0; i < ROWS + 10; i++) {
    const body = { paramName: `bench param ${i}`, paramKey: `bench.param.${i}`, paramValue: `value ${i} `.repeat(4), remark: `row ${i}` };
    const res = await fetch(`${base}/api/blade-system/param/submit`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`param submit: ${res.status} ${await res.text()}`);
  }
}

/** A cold load of the resource screen (signed in): the JavaScript it loaded. */
async function openResourceScreen(browser: Browser, base: string): Promise<{ page: Page; fetched: Fetched[] }> {
  const page = await coldPage(browser, base);
  await watchLongTasks(page);
  await signIn(page);
  await page.goto(RESOURCE_SCREEN);
  await page.locator('tbody tr').first().waitFor();
  return { page, fetched: await fetchedSoFar(page) };
}

/** Picks 200 rows a page: the list answer's arrival → rows painted, and → the last long task of that render ended. */
async function measureBigPage(page: Page): Promise<{ painted: number; interactive: number; rows: number; tasks: number[] }> {
  const shownBefore = await page.locator('tbody tr').count();
  // MRT's rows-per-page select, labelled in the console's language (zh here).
  await page.locator('[aria-label="每页行数"]').first().click();
  await page.getByRole('option', { name: String(ROWS), exact: true }).click();
  const { at: paintedAt, rows } = await rowsPainted(page, shownBefore);
  // Long tasks are reported when they end: give the render's last one time to be seen.
  await page.waitForTimeout(1000);
  const answer = (await fetchedSoFar(page)).filter((f) => f.url.includes('/param/list') && f.url.includes(`size=${ROWS}`)).at(-1);
  if (!answer) throw new Error('no 200-row list request seen');
  const tasks = (await longTasks(page)).filter((t) => t.end > answer.end && t.start <= paintedAt + 50);
  const interactiveAt = Math.max(paintedAt, ...tasks.map((t) => t.end));
  return { painted: paintedAt - answer.end, interactive: interactiveAt - answer.end, rows, tasks: tasks.map((t) => t.end - t.start) };
}

const server = await startServerProcess({ CLIENT_DIR, ADMIN_PASSWORD: PASSWORD, API_LOG: 'off', LOG_LEVEL: 'warn' });
const base = `http://127.0.0.1:${server.port}`;
const browser = await launchBrowser();
try {
  await addParams(base);
  // One load first, not counted: the server's first answers (file reads, JIT) are not the console's.
  await measureLogin(browser, base, 1);
  console.log(`machine load average before the login loads: ${load()}`);
  const runs = await measureLogin(browser, base, LOADS);
  const visible = runs.map((r) => r.visible);
  console.log(`login form visible (${LOADS} cold loads, ms): ${visible.map(ms).join(' ')} → median=${ms(median(visible))} (load ${load()})`);
  const middle = runs.find((r) => r.visible === median(visible))!;
  // What the form waited for: the requests answered before it showed (others started meanwhile are listed too).
  const needed = middle.fetched.filter((f) => f.end <= middle.visible);
  console.log(`  requests answered before the form (median load): ${needed.length}, the last one started at ${ms(Math.max(...needed.map((f) => f.start)))} ms`);
  printWaterfall(middle.fetched, middle.visible);
  console.log(`bundle login (cold load, answered before the form): js_gzip_kb=${jsGzipKb(needed)} js_sent_kb=${sentKb(needed)} js_files=${needed.filter((f) => f.url.endsWith('.js')).length}`);
  const bigRuns = [];
  for (let i = 0; i < ROW_RUNS; i++) {
    const { page, fetched } = await openResourceScreen(browser, base);
    if (i === 0) console.log(`bundle resource-screen (${RESOURCE_SCREEN}, cold load): js_gzip_kb=${jsGzipKb(fetched)} js_sent_kb=${sentKb(fetched)} js_files=${fetched.filter((f) => f.url.endsWith('.js')).length}`);
    const run = await measureBigPage(page);
    console.log(`  200-row page run ${i + 1}: rows_rendered=${run.rows} painted_ms=${ms(run.painted)} interactive_ms=${ms(run.interactive)} long_tasks_ms=${run.tasks.map(ms).join(',') || 'none'}`);
    bigRuns.push(run);
    await page.context().close();
  }
  console.log(`page-200-rows (${ROW_RUNS} runs, median): data_to_rows_painted_ms=${ms(median(bigRuns.map((r) => r.painted)))} data_to_interactive_ms=${ms(median(bigRuns.map((r) => r.interactive)))} (load ${load()})`);
} finally {
  await browser.close();
  await server.stop();
}

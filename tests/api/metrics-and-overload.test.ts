import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportJobQueueDepth } from '../../src/server/ops/job-queue-depth.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** The value of one sample line of the Prometheus text (`name{labels} value`); 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };
  const notices = (current = '1') => t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: admin, query: { current, size: '10' } });

  beforeAll(async () => {
    t = await startTestApp({ seedRegions: false, metricsToken: METRICS_TOKEN });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('count each request under its route kind and route pattern, never the raw URL', async () => {
    const before = await scrape();
    expect((await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: admin, payload: { title: 'metrics', category: 1, releaseTime: '2026-11-22 09:00:00' } })).status).toBe(200);
    const id = (await notices()).body.data.records.find((r: any) => r.title === 'metrics').id;
    expect((await t.call({ method: 'GET', url: '/blade-desk/notice/detail', headers: admin, query: { id } })).status).toBe(200);
    await t.call({ method: 'GET', url: '/api/blade-auth/oauth/render/unknown-source-7731' });
    const after = await scrape();

    const count = (text: string, labels: Record<string, string>) => sample(text, 'atrium_http_request_duration_seconds_count', labels);
    const page = { method: 'GET', kind: 'page', route: '/blade-desk/notice/list', status: '200' };
    expect(count(after, page) - count(before, page)).toBe(1);
    const submit = { method: 'POST', kind: 'submit', route: '/blade-desk/notice/submit', status: '200' };
    expect(count(after, submit) - count(before, submit)).toBe(1);
    // The bare path form counts under the same route.
    expect(count(after, { kind: 'detail', route: '/blade-desk/notice/detail' })).toBe(1);
    expect(count(after, { kind: 'module', route: '/blade-auth/oauth/render/:source' })).toBe(1);
    expect(after).not.toContain('unknown-source-7731');
    expect(after).not.toContain(String(id));
    expect(after).toContain('atrium_http_request_duration_seconds_bucket{le="0.005",method="GET",kind="page"');
  });

  it('show the list-total and kept-row cache hit rates, database pool use, process figures and the job queue depth hook', async () => {
    await t.call({ method: 'POST', url: '/api/blade-desk/notice/submit', headers: admin, payload: { title: 'again', category: 1, releaseTime: '2026-11-22 09:00:00' } });
    // A filter not counted before: its first total is counted (a miss), the second read is served (a hit).
    const filtered = () => t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: admin, query: { current: '1', size: '10', title: 'again' } });
    const before = await scrape();
    expect((await filtered()).body.data.total).toBe(1);
    await filtered();
    const after = await scrape();
    const lookups = (text: string, result: string) => sample(text, 'atrium_list_total_cache_lookups_total', { result });
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
    // Its one row: read for the first page, kept for the second.
    const rows = (text: string, result: string) => sample(text, 'atrium_list_row_cache_lookups_total', { result });
    expect(rows(after, 'miss') - rows(before, 'miss')).toBe(1);
    expect(rows(after, 'hit') - rows(before, 'hit')).toBe(1);

    expect(sample(after, 'atrium_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/atrium_db_pool_connections\{state="waiting"\} \d+/);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).not.toContain('atrium_job_queue_depth{');

    reportJobQueueDepth(t.services, async () => ({ queued: 3, running: 1 }));
    const withJobs = await scrape();
    expect(sample(withJobs, 'atrium_job_queue_depth', { state: 'queued' })).toBe(3);
    expect(sample(withJobs, 'atrium_job_queue_depth', { state: 'running' })).toBe(1);
  });

  it('count a filtered total once when many requests ask for it before it is known', async () => {
    const before = await scrape();
    const pages = await Promise.all(Array.from({ length: 8 }, () =>
      t.call({ method: 'GET', url: '/api/blade-desk/notice/list', headers: admin, query: { current: '1', size: '10', title: 'asked-at-once' } })));
    for (const page of pages) expect(page.body.data.total).toBe(0);
    const after = await scrape();
    const lookups = (text: string, result: string) => sample(text, 'atrium_list_total_cache_lookups_total', { result });
    // One count; the seven requests that arrived while it ran were answered from it. (On
    // PostgreSQL the eight overlap; the embedded database tends to answer them one by one.)
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(7);
  });

  it('are served to loopback, and to other addresses only with the METRICS_TOKEN bearer', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });
    const refused = await from('10.1.2.3', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, success: false, data: {}, msg: 'metrics are served to this machine only, or with the METRICS_TOKEN bearer' });
    expect((await from('10.1.2.3', { authorization: 'Bearer wrong-token-of-some-length' })).statusCode).toBe(403);
    // Through a reverse proxy on this machine the socket is loopback: the token is still needed.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).json().msg).toBe('监控指标只对本机开放，其他地址请携带 METRICS_TOKEN');
    const allowed = await from('10.1.2.3', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('atrium_http_request_duration_seconds');
  });
});

describe('overload protection', () => {
  let t: TestApp;
  // A heap limit of one byte: the process is "overloaded" from its first sample on.
  beforeAll(async () => { t = await startTestApp({ seedRegions: false, overload: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, maxRssBytes: 0 } }); });
  afterAll(() => t?.close());

  it('answers 503 in the envelope and the caller\'s language instead of queueing; probes still answer', async () => {
    const captcha = (lang: string) => t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers: { 'accept-language': lang } });
    let refused = await captcha('zh');
    for (let i = 0; i < 30 && refused.statusCode !== 503; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      refused = await captcha('zh');
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ code: 503, success: false, data: {}, msg: '服务器繁忙，请稍后重试' });
    expect((await captcha('en')).json().msg).toBe('server busy, please retry shortly');

    expect((await t.call({ method: 'GET', url: '/health/live' })).status).toBe(200);
    expect(await t.call({ method: 'GET', url: '/api/health/ready' })).toMatchObject({ status: 503, body: { status: 'unready', checks: { load: 'overloaded' } } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/atrium_http_request_duration_seconds_count\{method="GET",kind="module",route="\/blade-auth\/oauth\/captcha",status="503"\} [1-9]/);
  });
});

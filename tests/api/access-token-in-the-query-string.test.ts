import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { waitForJob } from '../support/jobs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The attack: an access token in a URL (`?blade-auth=`) is accepted on every route, so it
 * ends up in browser history, proxy logs and Referer headers wherever someone puts it.
 * The token is taken from the query string only on the routes a browser opens by URL
 * (file downloads: exports, templates, job files, stored files); any other route refuses
 * it with a 401. Wherever it was sent, no log row holds it.
 */
let t: TestApp;
let headers: Record<string, string>;
let token: string;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** A call with the token in the query string only (the Basic client header stays). */
const withQueryToken = (opts: { method: 'GET' | 'POST'; url: string; query?: Record<string, string>; payload?: object; lang?: string }) => t.app.inject({
  method: opts.method, url: opts.url, payload: opts.payload,
  headers: { authorization: headers.authorization, 'accept-language': opts.lang ?? 'zh' },
  query: { 'blade-auth': `bearer ${token}`, ...opts.query },
});

async function uploadedFileUrl(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'q.png');
  const encoded = new Response(form);
  const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', headers: { ...headers, 'content-type': encoded.headers.get('content-type')! }, payload: Buffer.from(await encoded.arrayBuffer()) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.link).split('?')[0];
}

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  headers = await t.login();
  token = headers['blade-auth'].replace(/^bearer /, '');
});
afterAll(() => t?.close());

describe('an access token in the query string', () => {
  it('is refused with a 401 on an ordinary route, read or write, engine or module, in both languages; the header still works', async () => {
    const ordinary = [
      { method: 'GET' as const, url: '/api/blade-system/param/list' },
      { method: 'GET' as const, url: '/api/blade-user/info' },
      { method: 'GET' as const, url: '/api/blade-system/menu/routes' },
      { method: 'POST' as const, url: '/api/blade-desk/notice/submit', payload: { title: 'via-query', category: 1, releaseTime: '2026-01-01 09:00:00' } },
      { method: 'POST' as const, url: '/api/blade-system/param/remove', query: { ids: '1' } },
    ];
    for (const call of ordinary) {
      const zh = await withQueryToken(call);
      const en = await withQueryToken({ ...call, lang: 'en' });
      expect(zh.statusCode, `${call.url} ${zh.body}`).toBe(401);
      expect(en.statusCode).toBe(401);
      expect(JSON.parse(zh.body)).toMatchObject({ code: 401, success: false, msg: expect.any(String) });
      expect(JSON.parse(en.body).msg).not.toBe(JSON.parse(zh.body).msg);
      const viaHeader = await t.call({ method: call.method, url: call.url, headers, query: call.query, payload: call.payload });
      expect(viaHeader.status, `${call.url} with the header`).not.toBe(401);
    }
    const stored = await t.services.system.repo.db.selectFrom('blade_notice').select('id').where('title', '=', 'via-query').execute();
    expect(stored).toHaveLength(1); // the one sent with the header
  });

  it('is accepted on the downloads a browser opens by URL: exports, templates, a job file, a stored file', async () => {
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'desk/notice' } });
    const job = await waitForJob(t, headers, started.body.data.id);
    expect(job.state).toBe('done');
    const downloads = [
      { url: '/api/blade-user/export-user' },
      { url: '/api/blade-user/export-template' },
      { url: '/api/blade-system/region/export-template' },
      { url: '/api/atrium/jobs/template', query: { model: 'desk/notice' } },
      { url: `/api/atrium/jobs/${job.id}/file` },
      { url: await uploadedFileUrl() },
    ];
    for (const d of downloads) {
      const res = await withQueryToken({ method: 'GET', ...d });
      expect(res.statusCode, `${d.url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(String(res.headers['content-type'])).not.toContain('application/json');
    }
    const forged = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template', query: { 'blade-auth': 'bearer forged.token.value' } });
    expect(forged.statusCode).toBe(401);
  }, 120_000);

  it('never appears in an API log row, whether the route took it or refused it', async () => {
    await withQueryToken({ method: 'POST', url: '/api/blade-system/param/remove', query: { ids: '1', access_token: token } });
    await withQueryToken({ method: 'GET', url: '/api/blade-user/export-template' });
    await logWriterOf(t.services)!.flush();
    const rows = await sql<{ text: string }>`
      select coalesce(params, '') || ' ' || coalesce(request_uri, '') as text from blade_log_api
      union all select coalesce(params, '') || ' ' || coalesce(request_uri, '') || ' ' || coalesce(message, '') from blade_log_error`.execute(t.services.system.repo.db);
    const logged = rows.rows.map((r) => r.text);
    expect(logged.some((text) => text.includes('/api/blade-system/param/remove'))).toBe(true);
    for (const text of logged) expect(text).not.toContain(token);
  });
});

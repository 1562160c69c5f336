/**
 * The region schema declares BladeX import-region (x-api kind `import`): the engine serves it
 * over the regions' import kind on the jobs' one pipeline; multipart is parsed on import
 * routes only, so another engine route still refuses an upload.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

function emptyUpload() {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n1\r\n--${boundary}--\r\n`);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('region import-region is an engine endpoint', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    headers = await t.login();
  });
  afterAll(() => t.close());

  it('declares it as an engine route, not a module route', () => {
    expect(t.routes.find((r) => r.method === 'POST' && r.url === '/api/blade-system/region/import-region')?.servedBy).toBe('engine');
  });

  it('answers a multipart form without a workbook with the region text, in the caller\'s language', async () => {
    const body = emptyUpload();
    const res = await t.call({ method: 'POST', url: '/api/blade-system/region/import-region', payload: body.payload, headers: { ...headers, 'content-type': body.contentType, 'accept-language': 'zh' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toBe((await t.call({ method: 'POST', url: '/api/blade-system/region/import-region', headers, payload: {} })).body.msg);
  });

  it('parses multipart on import routes only: the region submit still refuses an upload', async () => {
    const body = emptyUpload();
    const res = await t.call({ method: 'POST', url: '/api/blade-system/region/submit', payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
    expect(res.status).toBe(415);
  });
});

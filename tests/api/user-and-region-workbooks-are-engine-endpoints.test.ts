/**
 * The user and region schemas declare their BladeX workbook downloads (x-api kinds export
 * and export-template): the engine serves them, not module routes, with the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

const ENGINE_SERVED = [
  ['GET', '/api/blade-user/export-user'],
  ['GET', '/api/blade-user/export-template'],
  ['GET', '/api/blade-system/region/export-region'],
  ['GET', '/api/blade-system/region/export-template'],
] as const;

describe('user and region workbooks are engine endpoints', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    headers = await t.login();
  });
  afterAll(() => t.close());

  it('declares each of them as an engine route', () => {
    for (const [method, url] of ENGINE_SERVED) {
      expect(t.routes.find((r) => r.method === method && r.url === url)?.servedBy, `${method} ${url}`).toBe('engine');
    }
  });

  it('answers a template download named by the schema, token in the query', async () => {
    const token = headers['blade-auth'] ?? headers['Blade-Auth'];
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-system/region/export-template', query: { 'blade-auth': token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="regions-template\.xlsx"; filename\*=UTF-8''/);
  });

  it('refuses a user update without the key', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-user/update', headers, payload: { account: 'nobody' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

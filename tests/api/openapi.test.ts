import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(() => t?.close());

describe('OpenAPI document', () => {
  it('lists every endpoint of every schema under /api and serves Swagger UI', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const model of t.services.models) {
      for (const [action, endpoint] of Object.entries(model.endpoints)) expect(Object.keys(doc.paths)).toContain(`/api${endpoint.path ?? `${model.apiPath}/${action}`}`);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

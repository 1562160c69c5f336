import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'atrium-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');
  t = await startTestApp({ clientDir, seedRegions: false });
});
afterAll(async () => { await t?.close(); rmSync(clientDir, { recursive: true, force: true }); });

describe('the console next to the engine routes', () => {
  it('serves its files and its index for screen paths, and a 404 envelope for unknown API paths', async () => {
    const screen = await t.app.inject({ method: 'GET', url: '/system/user' });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('<title>console</title>');
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/api/blade-nothing/here', '/blade-nothing/here']) {
      const missing = await t.call({ method: 'GET', url });
      expect(missing.status, url).toBe(404);
      expect(missing.body.code).toBe(404);
    }
    expect((await t.call({ method: 'POST', url: '/system/user' })).status).toBe(404);
  });
});

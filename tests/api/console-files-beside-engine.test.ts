import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let clientDir: string;
const HASHED_CHUNK = `export const text = '${'console chunk '.repeat(400)}';`;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'atrium-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');
  // What the build writes for a chunk: a hashed name under assets/, with .gz and .br beside it.
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js'), HASHED_CHUNK);
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(HASHED_CHUNK));
  writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(HASHED_CHUNK));
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

  it('serves only the files its assets folder held at the start under /assets/, whatever the name spells', async () => {
    for (const url of ['/assets/nothing.js', '/assets/..%2findex.html', '/assets/..%2f..%2fpackage.json', '/assets/%2e%2e%2fapp.js', '/assets/']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('console');
    }
    writeFileSync(join(clientDir, 'assets', 'later-Zz99.js'), 'written after the start');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later-Zz99.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
  });

  it('sends a hashed chunk precompressed in the encoding the browser accepts, cached for good; the index revalidated', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HASHED_CHUNK);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(HASHED_CHUNK);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HASHED_CHUNK);
    const index = await t.app.inject({ method: 'GET', url: '/login' });
    expect(index.headers['cache-control']).not.toMatch(/immutable/);
    expect(index.headers['cache-control']).toMatch(/max-age=0/);
  });
});

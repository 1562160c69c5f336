import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A list that offers pages of 5 and 20 rows only (`x-list.pageSizes`). */
const shelf = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '货架', en: 'Shelves' },
  'x-table': { name: 'demo_shelf', tenancy: 'tenant' },
  'x-api': { path: '/demo/shelf', endpoints: { list: {}, submit: {} } },
  'x-list': { columns: ['shelfName'], pageSizes: [5, 20] },
  required: ['shelfName'],
  properties: { shelfName: { type: 'string', maxLength: 32, 'x-label': { zh: '货架名称', en: 'Name' } } },
};

let t: TestApp;
let dir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'shelf.json'), JSON.stringify(shelf));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  headers = await t.login();
  for (let i = 1; i <= 7; i++) {
    await t.call({ method: 'POST', url: '/api/demo/shelf/submit', headers, payload: { shelfName: `S${i}` } });
  }
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('page sizes come from the schema of the list', () => {
  it('refuses a size larger than the largest the list offers, naming that largest size', async () => {
    const res = await t.call({ method: 'GET', url: '/api/demo/shelf/list', headers: { ...headers, 'accept-language': 'en' }, query: { size: '30' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('request parameter size (page size) must be a whole number from 1 to 20');
  });

  it('pages by the first offered size when none is asked and 10 is not offered', async () => {
    const res = await t.call({ method: 'GET', url: '/api/demo/shelf/list', headers });
    expect(res.body.data.size).toBe(5);
    expect(res.body.data.records).toHaveLength(5);
    expect(res.body.data.total).toBe(7);
  });

  it('keeps the default sizes (up to 200) for a list that names none', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers, query: { size: '200' } });
    expect(res.body.data.size).toBe(200);
  });
});

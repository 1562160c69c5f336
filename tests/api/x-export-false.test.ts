import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Two page lists of one schema folder: one says `x-export: false`. */
const entity = (name: string, extra: Record<string, unknown>) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: name, en: name },
  'x-table': { name: `demo_${name}`, tenancy: 'tenant' },
  'x-api': { path: `/demo/${name}`, endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title'] },
  required: ['title'],
  properties: { title: { type: 'string', maxLength: 32, 'x-label': { zh: '标题', en: 'Title' } } },
  ...extra,
});

let t: TestApp;
let dir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'kept.json'), JSON.stringify(entity('kept', { 'x-export': false })));
  writeFileSync(join(dir, 'demo', 'shared.json'), JSON.stringify(entity('shared', {})));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  headers = await t.login();
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('x-export', () => {
  it('false: the model offers no export and the jobs API refuses one; absent: a page list exports', async () => {
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers })).body.data as any[];
    expect(models.find((m) => m.key === 'demo/kept').excel).toEqual({ export: false, import: false });
    expect(models.find((m) => m.key === 'demo/shared').excel).toEqual({ export: true, import: false });
    const refused = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'demo/kept' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该列表不支持导出');
    const started = await t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'demo/shared' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  });
});

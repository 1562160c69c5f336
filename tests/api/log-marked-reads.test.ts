import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let dir: string;
let headers: Record<string, string>;

/** The shipped schemas, with param's detail marked `log: true`. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-log-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  const file = join(dir, 'system', 'param.json');
  const param = JSON.parse(readFileSync(file, 'utf8'));
  param['x-api'].endpoints.detail = { log: true };
  writeFileSync(file, JSON.stringify(param));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  headers = await t.login();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function loggedUris(): Promise<string[]> {
  await logWriterOf(t.services)!.flush();
  const res = await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers, query: { method: 'GET' } });
  return res.body.data.records.map((r: any) => `${r.requestUri} ${r.title}`);
}

describe('a read marked in the schema (x-api.endpoints.<action>.log)', () => {
  it('is API-logged, in both path forms, while unmarked reads are not', async () => {
    const created = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: 'm', paramKey: 'marked.read', paramValue: 'v' } });
    const id = created.body.data.id;
    await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers });
    await t.call({ method: 'GET', url: '/api/blade-system/param/detail', headers, query: { id } });
    await t.call({ method: 'GET', url: '/blade-system/param/detail', headers, query: { id } });
    expect(await loggedUris()).toEqual(['/blade-system/param/detail 参数管理详情', '/api/blade-system/param/detail 参数管理详情']);
  });
});

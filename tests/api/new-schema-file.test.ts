import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../support/paths.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The README's "Add an entity" example, verbatim in spirit: one file, nothing else. */
const supplier = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '供应商', en: 'Suppliers' },
  'x-table': { name: 'demo_supplier', tenancy: 'tenant', unique: [{ fields: ['supplierCode'], message: { zh: '供应商编号已存在', en: 'supplier code already exists' } }] },
  'x-api': { path: '/demo/supplier', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['supplierCode', 'supplierName', 'rating'], search: ['supplierName'] },
  'x-menu': { path: '/demo/supplier', parent: 'system', sort: 50 },
  required: ['supplierCode', 'supplierName'],
  properties: {
    supplierCode: { type: 'string', maxLength: 32, 'x-label': { zh: '供应商编号', en: 'Code' } },
    supplierName: { type: 'string', maxLength: 64, 'x-label': { zh: '供应商名称', en: 'Name' } },
    rating: { type: 'integer', minimum: 1, maximum: 5, 'x-label': { zh: '评级', en: 'Rating' } },
  },
};

let t: TestApp;
let dir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'supplier.json'), JSON.stringify(supplier, null, 2));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  headers = await t.login();
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('a new schema file alone', () => {
  it('yields a table and working endpoints with its own rules and messages', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/demo/supplier/submit', headers: { ...headers, 'accept-language': 'en' }, payload: { supplierName: 'ACME', rating: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.supplierCode).toBe('please enter the code');
    expect(bad.body.fieldErrors.rating).toBe('Rating must be at most 5');
    const ok = await t.call({ method: 'POST', url: '/api/demo/supplier/submit', headers, payload: { supplierCode: 'S1', supplierName: 'ACME', rating: '4' } });
    expect(ok.body.data).toMatchObject({ supplierCode: 'S1', rating: 4, tenantId: '000000' });
    const page = await t.call({ method: 'GET', url: '/api/demo/supplier/list', headers, query: { supplierName: 'AC' } });
    expect(page.body.data.records.map((r: any) => r.supplierCode)).toEqual(['S1']);
  });

  it('gets a menu row with its buttons and is served to the console as a model', async () => {
    const routes = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/routes', headers })).body.data);
    expect(routes).toContain('/demo/supplier');
    const buttons = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons', headers })).body.data);
    expect(buttons).toContain('supplier_add');
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers })).body.data;
    const model = models.find((m: any) => m.key === 'demo/supplier');
    expect(model.menu.path).toBe('/demo/supplier');
    expect(model).not.toHaveProperty('table');
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    expect(Object.keys(doc.paths)).toContain('/api/demo/supplier/submit');
  });
});

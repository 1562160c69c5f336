import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { projectPath } from '../support/paths.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A tree entity whose lazy list, tree per tenant and linked select are endpoint kinds of its schema alone. */
const area = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '片区', en: 'Areas' },
  'x-table': { name: 'demo_area', tenancy: 'tenant', tree: { parentField: 'parentId', labelField: 'areaName', ancestorsField: 'ancestors' } },
  'x-api': {
    path: '/demo/area',
    endpoints: {
      list: { kind: 'tree' },
      'lazy-list': { kind: 'lazy-list' },
      'lazy-open-list': { kind: 'lazy-list', where: [{ field: 'open', op: 'equal', value: 1 }] },
      tree: { kind: 'tenant-tree' },
      select: { kind: 'select', linked: { param: 'areaId', entity: 'system/user', by: 'userId', field: 'deptId' } },
      submit: {},
    },
  },
  'x-list': { mode: 'tree' },
  required: ['areaName'],
  properties: {
    parentId: { type: 'string', 'x-type': 'id', default: '0', 'x-label': { zh: '上级', en: 'Parent' } },
    areaName: { type: 'string', maxLength: 64, 'x-label': { zh: '名称', en: 'Name' } },
    ancestors: { type: 'string', maxLength: 2000, readOnly: true, 'x-label': { zh: '祖级', en: 'Ancestors' } },
    open: { type: 'integer', default: 1, 'x-label': { zh: '开放', en: 'Open' } },
  },
};

let t: TestApp;
let dir: string;
let admin: Record<string, string>;
const get = async (action: string, query: Record<string, string> = {}, headers = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/demo/area/${action}`, headers, query });
  return res.status === 200 ? res.body.data : res.status;
};
const add = async (areaName: string, parentId = '0', open = 1) =>
  String((await t.call({ method: 'POST', url: '/api/demo/area/submit', headers: admin, payload: { areaName, parentId, open } })).body.data.id);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'area.json'), JSON.stringify(area));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  await addTenant(t.services, '654321', 'b-admin-pw');
  admin = await t.login();
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('tree endpoint kinds of a schema', () => {
  let north: string;
  let city: string;
  let closed: string;
  beforeAll(async () => {
    north = await add('north');
    city = await add('city', north);
    closed = await add('closed', north, 0);
    await add('south');
  });

  it('lazy-list: the roots, then the children of parentId, each with hasChildren; where limits both', async () => {
    const roots = await get('lazy-list');
    expect(roots.map((n: any) => [n.areaName, n.hasChildren]).sort()).toEqual([['north', true], ['south', false]]);
    const children = await get('lazy-list', { parentId: north });
    expect(children.map((n: any) => n.areaName).sort()).toEqual(['city', 'closed']);
    expect((await get('lazy-open-list', { parentId: north })).map((n: any) => n.id)).toEqual([city]);
    expect((await get('lazy-list', { areaName: 'clo' })).map((n: any) => n.id)).toEqual([closed]);
  });

  it("tenant-tree: the caller's tenant's forest; another tenant's only for the platform administrator", async () => {
    const forest = await get('tree');
    expect(forest.map((n: any) => n.title).sort()).toEqual(['north', 'south']);
    expect(forest.find((n: any) => n.title === 'north').children.map((n: any) => n.title).sort()).toEqual(['city', 'closed']);
    const b = await t.login({ tenantId: '654321', username: 'admin', password: 'b-admin-pw' });
    await t.services.system.repo.insert(t.services.model('demo/area'), systemContext('654321'), { areaName: 'b-area', parentId: '0', ancestors: '0', open: 1 });
    expect((await get('tree', { tenantId: '654321' })).map((n: any) => n.title)).toEqual(['b-area']);
    expect((await get('tree', { tenantId: '000000' }, b)).map((n: any) => n.title)).toEqual(['b-area']);
  });

  it("select with linked: the rows its parameter names, or those in a user's field; a bad id is a 400", async () => {
    expect((await get('select', { areaId: `${city},${closed}` })).map((r: any) => r.id).sort()).toEqual([city, closed].sort());
    expect(await get('select', { areaId: 'x' })).toBe(400);
    const [user] = (await t.call({ method: 'GET', url: '/api/blade-user/list', headers: admin, query: { account_equal: 'admin' } })).body.data.records;
    expect(await get('select', { userId: user.id })).toEqual([]);
  });
});

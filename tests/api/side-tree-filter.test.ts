import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/paths.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** An entity whose list a department tree filters (x-list.sideTree), from its schema file alone. */
const ticket = (name: string, subtree: boolean) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '工单', en: 'Tickets' },
  'x-table': { name: `demo_${name.replace(/-/g, '_')}`, tenancy: 'tenant' },
  'x-api': { path: `/demo/${name}`, endpoints: { list: {}, submit: {} } },
  'x-list': {
    columns: ['title', 'deptId'],
    search: ['title'],
    sideTree: { url: '/blade-system/dept/tree', field: 'deptId', subtree, label: { zh: '部门', en: 'Departments' } },
  },
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 64, 'x-label': { zh: '标题', en: 'Title' } },
    deptId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '部门', en: 'Department' } },
  },
});

let t: TestApp;
let dir: string;
let admin: Record<string, string>;

const post = async (url: string, payload: Record<string, unknown>, headers = admin) => (await t.call({ method: 'POST', url: `/api${url}`, headers, payload })).body.data;
const addDept = async (deptName: string, parentId = '0') => String((await post('/blade-system/dept/submit', { deptName, fullName: deptName, parentId, sort: 1, deptCategory: 2 })).id);
const titles = async (name: string, query: Record<string, string>, headers = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/demo/${name}/list`, headers, query: { size: '100', ...query } });
  return res.status === 200 ? res.body.data.records.map((r: { title: string }) => r.title).sort() : res.status;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'ticket.json'), JSON.stringify(ticket('ticket', true)));
  writeFileSync(join(dir, 'demo', 'dept-ticket.json'), JSON.stringify(ticket('dept-ticket', false)));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  await addTenant(t.services, '654321', 'b-admin-pw');
  admin = await t.login();
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('a list with a side tree (x-list.sideTree)', () => {
  let root: string;
  let child: string;
  let grandchild: string;
  beforeAll(async () => {
    root = await addDept('st-root');
    child = await addDept('st-child', root);
    grandchild = await addDept('st-grand', child);
    const other = await addDept('st-other');
    for (const name of ['ticket', 'dept-ticket']) {
      for (const [title, deptId] of [['in-root', root], ['in-child', child], ['in-grand', grandchild], ['elsewhere', other]]) {
        await post(`/demo/${name}/submit`, { title, deptId });
      }
    }
  });

  it('answers the rows of the picked department and of every department below it', async () => {
    expect(await titles('ticket', { deptId: root })).toEqual(['in-child', 'in-grand', 'in-root']);
    expect(await titles('ticket', { deptId: child })).toEqual(['in-child', 'in-grand']);
    expect(await titles('ticket', { deptId: grandchild, title: 'grand' })).toEqual(['in-grand']);
    expect((await titles('ticket', {})).length).toBe(4);
  });

  it('answers the picked department only with subtree false', async () => {
    expect(await titles('dept-ticket', { deptId: root })).toEqual(['in-root']);
    expect(await titles('dept-ticket', { deptId: child })).toEqual(['in-child']);
  });

  it("refuses a pick that is no id, and finds nothing under another tenant's department", async () => {
    expect(await titles('ticket', { deptId: 'x' })).toBe(400);
    const b = await t.login({ tenantId: '654321', username: 'admin', password: 'b-admin-pw' });
    expect(await titles('ticket', { deptId: root }, b)).toEqual([]);
    await post('/demo/ticket/submit', { title: 'b-ticket', deptId: root }, b);
    // B's own row names A's department, yet A's department is no node of B's tree.
    expect(await titles('ticket', { deptId: root }, b)).toEqual([]);
  });

  it('is served to the console with the tree, its parameter and title', async () => {
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers: admin })).body.data;
    const model = models.find((m: { key: string }) => m.key === 'demo/ticket');
    expect(model.list.sideTree).toEqual({ url: '/blade-system/dept/tree', param: 'deptId', field: 'deptId', subtree: true, label: { zh: '部门', en: 'Departments' } });
  });

  it('fails at start when the tree URL is served by no tree entity', async () => {
    const bad = { ...ticket('bad-ticket', true), 'x-list': { sideTree: { url: '/blade-system/param/list', field: 'deptId' } } };
    writeFileSync(join(dir, 'demo', 'bad-ticket.json'), JSON.stringify(bad));
    try {
      await expect(startTestApp({ schemasDir: dir, seedRegions: false })).rejects.toThrow(/x-list\/sideTree\/url.*served by no tree entity/);
    } finally {
      rmSync(join(dir, 'demo', 'bad-ticket.json'));
    }
  });
});

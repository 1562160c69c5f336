import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus } from '../support/add-user.js';
import { projectPath } from '../support/paths.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** An entity whose "approve" button is a few lines of schema plus one hook, and whose "seal" is schema only. */
const invoice = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '发票', en: 'Invoices' },
  'x-table': { name: 'demo_invoice', tenancy: 'tenant' },
  'x-api': { path: '/demo/invoice', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['invoiceNo', 'approvedBy', 'sealed'] },
  'x-menu': { path: '/demo/invoice', parent: 'system', sort: 51 },
  'x-actions': [
    {
      key: 'approve',
      label: { zh: '审批', en: 'Approve' },
      show: 'both',
      rows: 'many',
      param: 'invoiceIds',
      confirm: { zh: '确定审批选择的发票?', en: 'Approve the selected invoices?' },
      success: { zh: '审批成功', en: 'approved' },
      run: { kind: 'hook' },
    },
    { key: 'seal', label: { zh: '封存', en: 'Seal' }, run: { kind: 'set', values: { sealed: 1 } } },
    { key: 'recount', label: { zh: '重新统计', en: 'Recount' }, show: 'toolbar', rows: 'none', roles: ['administrator', 'admin'], run: { kind: 'hook' } },
  ],
  required: ['invoiceNo'],
  properties: {
    invoiceNo: { type: 'string', maxLength: 32, 'x-label': { zh: '发票号', en: 'Number' } },
    approvedBy: { type: 'string', maxLength: 64, 'x-label': { zh: '审批人', en: 'Approved by' } },
    sealed: { type: 'integer', default: 0, 'x-label': { zh: '已封存', en: 'Sealed' } },
  },
};

const API = '/api/demo/invoice';
let t: TestApp;
let dir: string;
let admin: Record<string, string>;

const add = async (invoiceNo: string, headers = admin) => (await t.call({ method: 'POST', url: `${API}/submit`, headers, payload: { invoiceNo } })).body.data.id as string;
const detail = async (id: string) => (await t.call({ method: 'GET', url: `${API}/detail`, headers: admin, query: { id } })).body.data;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'invoice.json'), JSON.stringify(invoice, null, 2));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  // The one hook file a module would add for an action that does something new.
  t.services.actions.on({ entity: 'demo/invoice', action: 'approve' }, async ({ model, ctx, repo, keys }) => {
    for (const key of keys) await repo.update(model, ctx, key, { approvedBy: ctx.account ?? ctx.userId });
    return { approved: keys.length };
  });
  t.services.actions.on({ entity: 'demo/invoice', action: 'recount' }, async ({ model, keys, rows }) => ({ keys, invoices: await rows.count(model) }));
  admin = await t.login();
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

describe('an x-actions entry', () => {
  it('is served at its path, runs its hook on every named row and answers its success text', async () => {
    const [one, two] = [await add('A-1'), await add('A-2')];
    const res = await t.call({ method: 'POST', url: `${API}/approve`, headers: { ...admin, 'accept-language': 'en' }, query: { invoiceIds: `${one},${two}` } });
    expect(res.body).toMatchObject({ code: 200, msg: 'approved', data: { approved: 2 } });
    expect((await detail(one)).approvedBy).toBe('admin');
    expect((await detail(two)).approvedBy).toBe('admin');
    const fromBody = await t.call({ method: 'POST', url: `${API}/approve`, headers: admin, payload: { invoiceIds: one } });
    expect(fromBody.body.msg).toBe('审批成功');
  });

  it('sets columns by schema alone, for exactly one row', async () => {
    const id = await add('S-1');
    expect((await t.call({ method: 'POST', url: `${API}/seal`, headers: admin, query: { id } })).body.code).toBe(200);
    expect((await detail(id)).sealed).toBe(1);
    const two = await t.call({ method: 'POST', url: `${API}/seal`, headers: admin, query: { id: `${id},${await add('S-2')}` } });
    expect(two.status).toBe(400);
    expect((await t.call({ method: 'POST', url: `${API}/seal`, headers: admin })).status).toBe(400);
  });

  it('seeds its button under the screen menu', async () => {
    const buttons = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons', headers: admin })).body.data);
    expect(buttons).toContain('invoice_approve');
    expect(buttons).toContain('invoice_seal');
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers: admin })).body.data;
    expect(models.find((m: { key: string }) => m.key === 'demo/invoice').actions.map((a: { key: string }) => a.key)).toEqual(['approve', 'seal', 'recount']);
  });

  it('is refused without its button and allowed once the role holds it', async () => {
    const depts = await deptIds(t.services);
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'clerk', account: 'clerk', password: 'clerk-pw', deptId: depts['常州布雷德'] });
    await grantMenus(t.services, roleId, ['system', 'invoice', 'invoice_edit']);
    const clerk = await t.login({ username: 'clerk', password: 'clerk-pw' });
    const id = await add('P-1');
    const refused = await t.call({ method: 'POST', url: `${API}/approve`, headers: clerk, query: { invoiceIds: id } });
    expect(refused.status).toBe(403);
    expect((await detail(id)).approvedBy).toBe('');
    await grantMenus(t.services, roleId, ['invoice_approve']);
    const allowed = await t.call({ method: 'POST', url: `${API}/approve`, headers: clerk, query: { invoiceIds: id } });
    expect(allowed.body.code).toBe(200);
    expect((await detail(id)).approvedBy).toBe('clerk');
  });

  it('on no rows (rows none) runs without keys, for a caller holding one of its roles only', async () => {
    await add('R-1');
    const ran = await t.call({ method: 'POST', url: `${API}/recount`, headers: admin });
    expect(ran.body).toMatchObject({ code: 200, data: { keys: [] } });
    expect(ran.body.data.invoices).toBeGreaterThan(0);
    const depts = await deptIds(t.services);
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'auditor', account: 'auditor', password: 'auditor-pw', deptId: depts['常州布雷德'] });
    await grantMenus(t.services, roleId, ['system', 'invoice', 'invoice_recount']);
    const auditor = await t.login({ username: 'auditor', password: 'auditor-pw' });
    const refused = await t.call({ method: 'POST', url: `${API}/recount`, headers: auditor });
    expect(refused.status).toBe(403);
  });

  it('reaches only the caller\'s tenant: another tenant\'s row is not found and stays unchanged', async () => {
    await addTenant(t.services, '000001', 'tenant-b-pw');
    const b = await t.login({ tenantId: '000001', password: 'tenant-b-pw' });
    const mine = await add('T-1');
    const theirs = await add('T-B', b);
    for (const query of [{ invoiceIds: mine }, { invoiceIds: `${theirs},${mine}` }]) {
      const res = await t.call({ method: 'POST', url: `${API}/approve`, headers: b, query });
      expect(res.status).toBe(404);
    }
    expect((await detail(mine)).approvedBy).toBe('');
    expect((await t.call({ method: 'POST', url: `${API}/seal`, headers: b, query: { id: mine } })).status).toBe(404);
    expect((await detail(mine)).sealed).toBe(0);
    const rows = await t.services.system.repo.list(t.services.model('demo/invoice'), systemContext('000001'), { conditions: [], order: [] });
    expect(rows.map((r) => r.invoiceNo)).toEqual(['T-B']);
  });
});

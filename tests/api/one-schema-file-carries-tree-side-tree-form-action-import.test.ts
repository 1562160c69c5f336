/**
 * Issue 31's proof through HTTP: an entity declared by one schema file (tests/support/site-schema.ts)
 * gets a lazy tree, a list filtered by a side tree, an action whose form the server checks,
 * and a workbook import, with nothing else written for it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWith } from '../support/expense-schema.js';
import { siteSchema } from '../support/site-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { jobWorkbook, waitForJob, xlsxUpload, type Headers } from '../support/jobs.js';
import { inlineSheet, xlsxParts, zipOf } from '../support/xlsx-zip.js';

let t: TestApp;
let admin: Headers;
let schemas: { dir: string; remove(): void };

const post = async (url: string, payload: Record<string, unknown>, lang = 'zh') =>
  t.call({ method: 'POST', url: `/api${url}`, headers: { ...admin, 'accept-language': lang }, payload });
const get = async (url: string, query: Record<string, string> = {}) => (await t.call({ method: 'GET', url: `/api${url}`, headers: admin, query })).body;
const addDept = async (deptName: string, parentId = '0') => String((await post('/blade-system/dept/submit', { deptName, fullName: deptName, parentId, sort: 1, deptCategory: 2 })).body.data.id);
const addSite = async (name: string, deptId: string, parentId = '0') => String((await post('/demo/site/submit', { name, deptId, parentId })).body.data.id);
const names = async (query: Record<string, string>) => (await get('/demo/site/list', { size: '100', ...query })).data.records.map((r: { name: string }) => r.name).sort();

beforeAll(async () => {
  schemas = schemasWith({ 'demo/site.json': JSON.stringify(siteSchema) });
  t = await startTestApp({ schemasDir: schemas.dir, seedRegions: false });
  admin = await t.login();
});
afterAll(async () => { await t?.close(); schemas?.remove(); });

describe('an entity from one schema file: lazy tree, side tree, action with a form, import', () => {
  let north: string;
  let south: string;
  let hq: string;
  beforeAll(async () => {
    north = await addDept('site-north');
    const northEast = await addDept('site-north-east', north);
    south = await addDept('site-south');
    hq = await addSite('HQ', north);
    await addSite('Depot', northEast, hq);
    await addSite('Harbour', south);
  });

  it('reads its tree one level at a time, each node saying whether it has children', async () => {
    const roots = (await get('/demo/site/lazy-tree', { parentId: '0' })).data as { title: string; hasChildren: boolean }[];
    expect(roots.map((n) => [n.title, n.hasChildren]).sort()).toEqual([['HQ', true], ['Harbour', false]]);
    const below = (await get('/demo/site/lazy-tree', { parentId: hq })).data as { title: string; hasChildren: boolean }[];
    expect(below.map((n) => [n.title, n.hasChildren])).toEqual([['Depot', false]]);
  });

  it('filters its list by the department picked in the side tree and every department below it', async () => {
    expect(await names({ deptId: north })).toEqual(['Depot', 'HQ']);
    expect(await names({ deptId: south })).toEqual(['Harbour']);
    expect((await names({})).length).toBe(3);
  });

  it("checks the action's form before writing: a bad note is refused in the caller's language and changes nothing; a good one is written", async () => {
    const before = (await get('/demo/site/detail', { id: hq })).data;
    const zh = await post('/demo/site/note', { ids: hq, note: 'x'.repeat(21) });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('备注');
    const en = await post('/demo/site/note', { ids: hq }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/note/i);
    expect((await get('/demo/site/detail', { id: hq })).data).toEqual(before);

    const ok = await post('/demo/site/note', { ids: hq, note: 'checked' });
    expect(ok.body).toMatchObject({ code: 200, success: true });
    expect((await get('/demo/site/detail', { id: hq })).data).toMatchObject({ note: 'checked', noted: 1 });
  });

  it('is described to the console with its side tree, its form action and its import', async () => {
    const models = (await get('/atrium/schemas')).data as { key: string; importable?: boolean; list: Record<string, unknown>; actions: { key: string; form?: { fields: { name: string }[] } }[] }[];
    const site = models.find((m) => m.key === 'demo/site')!;
    expect(site.actions.find((a) => a.key === 'note')?.form?.fields.map((f) => f.name)).toEqual(['note']);
    expect(JSON.stringify(site)).toContain('/blade-system/dept/tree');
  });

  it('imports a workbook as a job: good rows written, a bad one refused with its reason', async () => {
    const bytes = await zipOf(xlsxParts(inlineSheet(['name', 'deptId', 'parentId'], [['Imported A', south, '0'], ['', south, '0'], ['Imported B', north, hq]])));
    const upload = xlsxUpload(bytes);
    const res = await t.call({ method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'demo/site' }, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await waitForJob(t, admin, res.body.data.id);
    expect(job).toMatchObject({ state: 'done', total: 3, written: 2, failed: 1 });
    const errors = await jobWorkbook(t, admin, res.body.data.id);
    expect(errors).toHaveLength(2);
    expect(String(errors[1]!.at(-1))).toContain('请输入名称');
    const rows = await sql<{ name: string }>`select name from demo_site where is_deleted = 0 and name like 'Imported%' order by name`.execute(t.services.system.database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(['Imported A', 'Imported B']);
    expect(await names({ deptId: south })).toEqual(['Harbour', 'Imported A']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => { t = await startTestApp(); headers = await t.login(); });
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api${url}`, headers, query });
const post = (url: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: `/api${url}`, headers, payload });

describe('dictionary: parent list and child tree', () => {
  it('pages the headers only and answers the entries of one header as a tree', async () => {
    const parents = (await get('/blade-system/dict/parent-list', { code: 'sex' })).body.data;
    expect(parents.records).toHaveLength(1);
    const header = parents.records[0];
    expect(header).toMatchObject({ code: 'sex', parentId: '0', dictKey: '-1' });
    const children = (await get('/blade-system/dict/child-list', { parentId: header.id })).body.data;
    expect(children.map((c: any) => c.dictValue)).toEqual(['男', '女']);
    expect(children[0]).toMatchObject({ parentId: header.id, title: '男', key: children[0].id, value: children[0].id });
  });

  it('nests a grandchild under its entry and the dictionary endpoint stays flat without sealed entries', async () => {
    const header = (await post('/blade-system/dict/submit', { code: 'tree_t', dictKey: '-1', dictValue: 'Tree', sort: 1, isSealed: 0 })).body.data;
    const entry = (await post('/blade-system/dict/submit', { code: 'tree_t', dictKey: '1', dictValue: 'one', sort: 1, isSealed: 0, parentId: header.id })).body.data;
    await post('/blade-system/dict/submit', { code: 'tree_t', dictKey: '1.1', dictValue: 'one.one', sort: 1, isSealed: 0, parentId: entry.id });
    await post('/blade-system/dict/submit', { code: 'tree_t', dictKey: '2', dictValue: 'sealed', sort: 2, isSealed: 1, parentId: header.id });
    const tree = (await get('/blade-system/dict/child-list', { parentId: header.id })).body.data;
    expect(tree[0].children[0].dictValue).toBe('one.one');
    expect(tree[0].hasChildren).toBe(true);
    const flat = (await get('/blade-system/dict/dictionary', { code: 'tree_t' })).body.data;
    expect(flat.map((d: any) => d.dictValue).sort()).toEqual(['one', 'one.one']);
  });

  it('refuses to remove a node that has children and to make a node its own parent', async () => {
    const header = (await post('/blade-system/dict/submit', { code: 'rm_t', dictKey: '-1', dictValue: 'Rm', sort: 1, isSealed: 0 })).body.data;
    await post('/blade-system/dict/submit', { code: 'rm_t', dictKey: '1', dictValue: 'x', sort: 1, isSealed: 0, parentId: header.id });
    const removed = await t.call({ method: 'POST', url: '/api/blade-system/dict/remove', headers, query: { ids: header.id } });
    expect(removed.body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    const self = await post('/blade-system/dict/submit', { id: header.id, parentId: header.id });
    expect(self.body).toMatchObject({ code: 400, msg: '父节点不可选择自身!' });
  });
});

describe('region: lazy tree by parentCode', () => {
  it('starts at the provinces and opens a province into its cities, each with hasChildren', async () => {
    const top = (await get('/blade-system/region/lazy-tree')).body.data;
    expect(top.length).toBeGreaterThanOrEqual(31);
    const jiangsu = top.find((n: any) => n.code === '32');
    expect(jiangsu).toMatchObject({ title: '江苏省', key: '32', value: '32', hasChildren: true });
    const cities = (await get('/blade-system/region/lazy-tree', { parentCode: '32' })).body.data;
    expect(cities.map((c: any) => c.name)).toContain('常州市');
    expect(cities.every((c: any) => c.parentCode === '32')).toBe(true);
  });

  it('reads a region by code, adds one under a city with its ancestors, and removes it by id', async () => {
    expect((await get('/blade-system/region/detail', { code: '3204' })).body.data.name).toBe('常州市');
    const created = await post('/blade-system/region/submit', { code: '320499', parentCode: '3204', name: 'Test district', regionLevel: 3, sort: 99 });
    expect(created.body.data).toMatchObject({ code: '320499', ancestors: expect.stringMatching(/,3204$/) });
    const removed = await t.call({ method: 'POST', url: '/api/blade-system/region/remove', headers, query: { id: '320499' } });
    expect(removed.body.code).toBe(200);
  });
});

describe('menu tree for the tenant package picker', () => {
  it('answers the menu forest with title/value nodes', async () => {
    const tree = (await get('/blade-system/menu/tree')).body.data;
    const system = tree.find((n: any) => n.code === 'system');
    expect(system.title).toBe('系统管理');
    expect(system.children.some((c: any) => c.code === 'param')).toBe(true);
  });

  it('stores the tenant package menu ids joined by commas, also when sent as an array', async () => {
    const res = await post('/blade-system/tenant-package/submit', { packageName: 'Basic', menuId: ['1', '2', '3'] });
    expect(res.body.data.menuId).toBe('1,2,3');
  });
});

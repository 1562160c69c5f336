import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptIds, menuIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;
let dept: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  menu = await menuIds(t.services);
  dept = await deptIds(t.services);
});
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string> = {}, lang = 'zh') =>
  t.call({ method: 'GET', url: `/api/blade-system${url}`, headers: { ...admin, 'accept-language': lang }, query });
const post = (url: string, payload: object, query: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/blade-system${url}`, headers: admin, payload, query });
const flatten = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('BladeX view labels on engine answers', () => {
  it('labels dictionary fields and parents in the menu tree (顶级 at the root)', async () => {
    const nodes = flatten((await get('/menu/list')).body.data);
    const system = nodes.find((n) => n.id === menu.system);
    expect(system).toMatchObject({ categoryName: '菜单', parentName: '顶级', isOpenName: '否' });
    expect(nodes.find((n) => n.id === menu.param)).toMatchObject({ parentName: '系统管理', categoryName: '菜单' });
    expect(nodes.find((n) => n.id === menu.param_add)).toMatchObject({ parentName: '参数管理', categoryName: '按钮', actionName: '工具栏' });
  });

  it('labels a paged list, a lazy tree and a detail the same way', async () => {
    const posts = (await get('/post/list')).body.data.records;
    expect(posts.find((p: any) => p.postCode === 'ceo')).toMatchObject({ category: 1, categoryName: '高层' });

    const roots = (await get('/dept/lazy-tree', { parentId: '0' })).body.data;
    expect(roots[0]).toMatchObject({ parentName: '顶级', deptCategoryName: '公司' });

    const detail = (await get('/dept/detail', { id: dept['常州布雷德'] })).body.data;
    expect(detail.parentName).toBe('布雷德科技');
  });

  it('names the root in the caller\'s language', async () => {
    const [root] = (await get('/dept/lazy-tree', { parentId: '0' }, 'en')).body.data;
    expect(root.parentName).toBe('top level');
  });

  it('leaves the dictionary lookup plain, as BladeX answers it ("labels": false)', async () => {
    const [entry] = (await get('/dict/dictionary', { code: 'menu_category' })).body.data;
    expect(entry).toMatchObject({ code: 'menu_category' });
    expect(Object.keys(entry).filter((k) => k.endsWith('Name'))).toEqual([]);
  });

  it('follows a renamed dictionary entry at once', async () => {
    const entries = (await get('/dict/dictionary', { code: 'post_category' })).body.data;
    const top = entries.find((e: any) => String(e.dictKey) === '1');
    expect((await post('/dict/submit', { ...top, dictValue: '决策层' })).status).toBe(200);
    const posts = (await get('/post/list')).body.data.records;
    expect(posts.find((p: any) => p.postCode === 'ceo').categoryName).toBe('决策层');
  });

  it('leaves a field without a dictionary entry with an empty label', async () => {
    const saved = (await post('/post/submit', { category: 99, postCode: 'odd', postName: 'Odd post', sort: 9 })).body.data;
    expect((await get('/post/detail', { id: saved.id })).body.data.categoryName).toBe('');
  });
});

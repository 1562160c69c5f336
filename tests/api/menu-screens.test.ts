import { describe, expect, it } from 'vitest';
import { menuIds } from '../support/add-user.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let menu: Record<string, string>;

withSignedInApp(async (app, headers) => {
  t = app;
  admin = headers;
  menu = await menuIds(t.services);
});

const get = (url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api/blade-system${url}`, headers: admin, query });
const post = (url: string, payload: object, lang = 'zh') =>
  t.call({ method: 'POST', url: `/api/blade-system${url}`, headers: { ...admin, 'accept-language': lang }, payload });
const TREE_NODE = ['id', 'parentId', 'title', 'key', 'value'];

describe('menu lazy lists', () => {
  it('starts at the roots, opens a node into its children, and says which have children', async () => {
    const roots = (await get('/menu/lazy-list')).body.data;
    expect(roots.every((n: any) => n.parentId === '0')).toBe(true);
    expect(roots.find((n: any) => n.code === 'system')).toMatchObject({ title: '系统管理', key: menu.system, value: menu.system, hasChildren: true });
    const children = (await get('/menu/lazy-list', { parentId: menu.system })).body.data;
    expect(children.find((n: any) => n.code === 'param')).toMatchObject({ parentId: menu.system, hasChildren: true });
    const buttons = (await get('/menu/lazy-list', { parentId: menu.param })).body.data;
    expect(buttons.map((n: any) => n.code).sort()).toEqual(['param_add', 'param_delete', 'param_edit', 'param_view']);
    expect(buttons.every((n: any) => n.hasChildren === false)).toBe(true);
  });

  it('searches every level when no parent is given', async () => {
    const found = (await get('/menu/lazy-list', { code: 'param_ad' })).body.data;
    expect(found.map((n: any) => n.code)).toEqual(['param_add']);
    expect((await get('/menu/lazy-list', { parentId: '0', code: 'param_ad' })).body.data).toEqual([]);
  });

  it('keeps buttons out of lazy-menu-list and out of its hasChildren', async () => {
    const children = (await get('/menu/lazy-menu-list', { parentId: menu.system })).body.data;
    expect(children.every((n: any) => n.category === 1)).toBe(true);
    expect(children.find((n: any) => n.code === 'param').hasChildren).toBe(false);
    expect((await get('/menu/lazy-menu-list', { parentId: menu.param })).body.data).toEqual([]);
    const byName = (await get('/menu/lazy-menu-list', { name: '参数' })).body.data;
    expect(byName.map((n: any) => n.code)).toEqual(['param']);
  });

  it('answers menu-list as a tree of menus only', async () => {
    const codes = (nodes: any[]): number[] => nodes.flatMap((n) => [n.category, ...codes(n.children ?? [])]);
    const tree = (await get('/menu/menu-list')).body.data;
    expect(tree.find((n: any) => n.code === 'system').children.length).toBeGreaterThan(3);
    expect(new Set(codes(tree))).toEqual(new Set([1]));
  });
});

describe('menu writes', () => {
  it('requires a route address for a menu (category 1) but not for a button (category 2)', async () => {
    const base = { name: 'no path', alias: 'menu', sort: 1, parentId: menu.system };
    const refused = (await post('/menu/submit', { ...base, code: 'no_path_menu', category: 1 })).body;
    expect(refused).toMatchObject({ code: 400, msg: '请输入路由地址' });
    expect(refused.fieldErrors?.path ?? refused.data?.fieldErrors?.path).toBeDefined();
    expect((await post('/menu/submit', { ...base, code: 'no_path_menu', category: 1, path: '' }, 'en')).body.msg).toBe('please enter the route path');
    const button = (await post('/menu/submit', { ...base, code: 'no_path_button', category: 2, parentId: menu.param })).body;
    expect(button).toMatchObject({ code: 200 });
  });

  it('refuses a button as parent and a parent that does not exist', async () => {
    const base = { code: 'child_of_button', name: 'c', alias: 'menu', category: 1, sort: 1, path: '/child-of-button' };
    expect((await post('/menu/submit', { ...base, parentId: menu.param_add })).body).toMatchObject({ code: 400, msg: '父节点只可选择菜单类型!' });
    expect((await post('/menu/submit', { ...base, parentId: menu.param_add }, 'en')).body.msg).toBe('the parent must be a menu, not a button');
    expect((await post('/menu/submit', { ...base, parentId: '123456789012345678' })).body.fieldErrors.parentId).toBe('上级节点不存在');
  });

  it('refuses a duplicate code and a move under its own descendant', async () => {
    expect((await post('/menu/submit', { code: 'param', name: 'dup', alias: 'menu', category: 1, sort: 1, path: '/dup' })).body.msg).toBe('菜单名或编号已存在!');
    const top = (await post('/menu/submit', { code: 'm_top', name: 'top', alias: 'menu', category: 1, sort: 1, path: '/m' })).body.data;
    const below = (await post('/menu/submit', { code: 'm_below', name: 'below', alias: 'menu', category: 1, sort: 1, path: '/m/b', parentId: top.id })).body.data;
    const res = await post('/menu/submit', { id: top.id, parentId: below.id });
    expect(res.body).toMatchObject({ code: 400, msg: '上级节点不可选择自身的下级!' });
    expect((await post('/menu/submit', { id: top.id, parentId: top.id })).body.msg).toBe('父节点不可选择自身!');
  });
});

describe('grant trees', () => {
  it('answers menu, data scope and API scope forests of TreeNodes; rules hang under their menus', async () => {
    const rule = (await post('/data-scope/submit', { menuId: menu.post, resourceCode: 'post', scopeName: '本人可见', scopeType: 2, scopeColumn: 'create_user' })).body.data;
    const trees = (await get('/menu/grant-tree')).body.data;
    expect(Object.keys(trees).sort()).toEqual(['apiScope', 'dataScope', 'menu']);
    const system = trees.menu.find((n: any) => n.id === menu.system);
    expect(Object.keys(system).sort()).toEqual([...TREE_NODE, 'children', 'hasChildren'].sort());
    expect(system).toMatchObject({ parentId: '0', title: '系统管理', key: menu.system, value: menu.system, hasChildren: true });
    const owner = trees.dataScope.find((n: any) => n.id === menu.post);
    expect(owner.children).toContainEqual({ id: rule.id, parentId: menu.post, title: '本人可见', key: rule.id, value: rule.id });
    expect(trees.apiScope.some((n: any) => n.id === menu.post)).toBe(false);
    const top = (await get('/menu/grant-top-tree')).body.data;
    const flat = (nodes: any[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children ?? [])]);
    expect(flat(top)).toContain(menu.param);
    expect(flat(top)).not.toContain(menu.param_add);
  });
});

describe('data scope rules from the menu screen', () => {
  const custom = (scopeValue: string, lang = 'zh') =>
    post('/data-scope/submit', { menuId: menu.post, resourceCode: 'post', scopeName: 'custom', scopeType: 5, scopeValue }, lang);

  it('lists the rules of one menu (list?menuId=)', async () => {
    await post('/data-scope/submit', { menuId: menu.param, resourceCode: 'param', scopeName: 'param rule', scopeType: 1 });
    await post('/api-scope/submit', { menuId: menu.param, resourceCode: 'param', scopeName: 'param api', scopePath: '/blade-system/param/list', scopeType: 1 });
    const data = (await get('/data-scope/list', { menuId: menu.param, current: '1', size: '10' })).body.data;
    expect(data.records.map((r: any) => r.scopeName)).toEqual(['param rule']);
    const api = (await get('/api-scope/list', { menuId: menu.param })).body.data;
    expect(api.records.map((r: any) => r.scopeName)).toEqual(['param api']);
  });

  it('accepts a custom rule made of {field, op, value} with placeholders', async () => {
    const value = JSON.stringify([{ field: 'create_user', op: 'equal', value: '${userId}' }, { field: 'post_code', op: 'in', value: 'ceo,cto' }]);
    expect((await custom(value)).body.code).toBe(200);
  });

  it('refuses SQL, unknown operators, columns and placeholders with a clear message', async () => {
    const cases: [string, string][] = [
      ['create_user = 1 or 1=1', '规则值须为 JSON 数组，如 [{"field":"create_user","op":"equal","value":"${userId}"}]'],
      ['', '自定义规则须填写规则值'],
      [JSON.stringify([{ field: 'create_user; drop table x', op: 'equal', value: '1' }]), '规则第1项的 field 须为小写下划线列名'],
      [JSON.stringify([{ field: 'create_user', op: 'equal', value: '1' }, { field: 'create_user', op: 'between', value: '1' }]), '规则第2项的 op 须为 equal、notequal、like、in、gt、lt、ge、le 之一'],
      [JSON.stringify([{ field: 'no_such_column', op: 'equal', value: '1' }]), '规则第1项的列 no_such_column 不属于资源 post'],
      [JSON.stringify([{ field: 'create_user', op: 'equal', value: '${password}' }]), '规则第1项含未知占位符 ${password}，可用 ${userId}、${deptId}、${tenantId}、${roleId}、${account}'],
      [JSON.stringify([{ field: 'create_user', op: 'equal', value: { sql: 'x' } }]), '规则第1项的 value 须为文本或数字'],
      [JSON.stringify([{ column: 'create_user', op: 'equal', value: '1' }]), '规则第1项须为含 field、op、value 的对象'],
    ];
    for (const [value, msg] of cases) {
      const res = await custom(value);
      expect(res.body, value).toMatchObject({ code: 400, msg });
      expect(res.body.fieldErrors.scopeValue).toBe(msg);
    }
    expect((await custom('select 1', 'en')).body.msg).toBe('the rule value must be a JSON array such as [{"field":"create_user","op":"equal","value":"${userId}"}]');
  });

  it('checks a rule that becomes custom on update against the stored value', async () => {
    const rule = (await post('/data-scope/submit', { menuId: menu.post, resourceCode: 'post', scopeName: 'later', scopeType: 2, scopeValue: 'where 1=1' })).body.data;
    expect((await post('/data-scope/submit', { id: rule.id, scopeType: 5 })).body.code).toBe(400);
  });
});

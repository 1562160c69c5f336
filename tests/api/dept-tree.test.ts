import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let top: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  top = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api/blade-system/dept${url}`, headers: admin, query });
const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/blade-system/dept${url}`, headers: admin, payload });

async function addDept(deptName: string, parentId = '0') {
  const res = await post('/submit', { deptName, fullName: `${deptName} Ltd`, sort: 1, deptCategory: 2, parentId });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; ancestors: string; tenantId: string };
}

describe('department ancestors', () => {
  it('fills ancestors from the parent and rewrites a moved subtree', async () => {
    const root = await addDept('Root R');
    const child = await addDept('Child R', root.id);
    const grandchild = await addDept('Grand R', child.id);
    expect(root.ancestors).toBe('0');
    expect(child.ancestors).toBe(`0,${root.id}`);
    expect(grandchild.ancestors).toBe(`0,${root.id},${child.id}`);
    expect(grandchild.tenantId).toBe('000000');

    expect((await post('/submit', { id: child.id, parentId: top })).body.code).toBe(200);
    const moved = (await get('/detail', { id: child.id })).body.data;
    expect(moved.ancestors).toBe(`0,${top}`);
    expect((await get('/detail', { id: grandchild.id })).body.data.ancestors).toBe(`0,${top},${child.id}`);
  });

  it('refuses itself, one of its descendants, or a missing department as parent', async () => {
    const a = await addDept('Loop A');
    const b = await addDept('Loop B', a.id);
    expect((await post('/submit', { id: a.id, parentId: a.id })).body.msg).toBe('父节点不可选择自身!');
    expect((await post('/submit', { id: a.id, parentId: b.id })).body.msg).toBe('上级节点不可选择自身的下级!');
    expect((await post('/submit', { deptName: 'x', fullName: 'x', sort: 1, parentId: '123456789012345678' })).body.msg).toBe('上级节点不存在');
  });

  it('refuses to remove a department that has children', async () => {
    const parent = await addDept('Busy');
    await addDept('Busy child', parent.id);
    expect((await t.call({ method: 'POST', url: '/api/blade-system/dept/remove', headers: admin, query: { ids: parent.id } })).body.msg).toBe('请先删除子节点!');
  });
});

describe('department reads', () => {
  it('lazy-list opens one level with hasChildren and a search looks through every level', async () => {
    const roots = (await get('/lazy-list')).body.data;
    expect(roots.find((n: any) => n.id === top)).toMatchObject({ parentId: '0', title: '布雷德科技', key: top, value: top, hasChildren: true });
    const children = (await get('/lazy-list', { parentId: top })).body.data;
    expect(children.map((n: any) => n.deptName)).toEqual(expect.arrayContaining(['常州布雷德', '苏州布雷德']));
    expect(children.find((n: any) => n.deptName === '常州布雷德').hasChildren).toBe(false);
    const found = (await get('/lazy-list', { fullName: '苏州布雷德科技' })).body.data;
    expect(found.map((n: any) => n.deptName)).toEqual(['苏州布雷德']);
    const lazyTree = (await get('/lazy-tree', { parentId: top })).body.data;
    expect(lazyTree.map((n: any) => n.id).sort()).toEqual(children.map((n: any) => n.id).sort());
  });

  it('select answers departments by ids or those of a user', async () => {
    const ids = await deptIds(t.services);
    const pair = [ids['常州布雷德'], ids['苏州布雷德']];
    expect((await get('/select', { deptId: pair.join(',') })).body.data.map((d: any) => d.id).sort()).toEqual(pair.sort());
    const { userId } = await addRoleAndUser(t.services, { roleAlias: 'dsel', account: 'deptsel', password: 'p', deptId: pair.join(',') });
    expect((await get('/select', { userId })).body.data.map((d: any) => d.id).sort()).toEqual(pair.sort());
  });

  it('tree: the caller tenant, or for the platform administrator the tenant it names', async () => {
    await addTenant(t.services, '000003', 'dept-b-pw');
    const own = (await get('/tree')).body.data;
    expect(own.some((n: any) => n.id === top)).toBe(true);
    const other = (await get('/tree', { tenantId: '000003' })).body.data;
    expect(other.map((n: any) => n.title)).toEqual(['B']);
    expect(other[0].tenantId).toBe('000003');
  });
});

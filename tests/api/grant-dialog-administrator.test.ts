import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { menuIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const roleIdOf = async (alias: string) => {
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  return String(roles.find((r) => r.roleAlias === alias)!.id);
};

describe('权限设置 of 超级管理员', () => {
  it('ticks every menu and every API scope, since the administrator holds them all', async () => {
    const scope = await t.call({
      method: 'POST', url: '/api/blade-system/api-scope/submit', headers: admin,
      payload: { menuId: (await menuIds(t.services)).param, resourceCode: 'param', scopeName: 'param detail', scopePath: '/blade-system/param/detail', scopeType: 1 },
    });
    const res = await t.call({ method: 'GET', url: '/api/blade-system/menu/role-tree-keys', headers: admin, query: { roleIds: await roleIdOf('administrator') } });
    expect(res.body.code).toBe(200);
    const every = Object.values(await menuIds(t.services));
    expect([...res.body.data.menu].sort()).toEqual([...every].sort());
    expect(res.body.data.apiScope).toEqual([String(scope.body.data.id)]);
    expect(res.body.data.dataScope).toEqual([]);
  });

  it('still answers an ordinary role\'s own links', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-system/menu/role-tree-keys', headers: admin, query: { roleIds: await roleIdOf('user') } });
    const ids = await menuIds(t.services);
    expect(res.body.data.menu).toContain(ids.desk);
    expect(res.body.data.menu).not.toContain(ids.param);
  });
});

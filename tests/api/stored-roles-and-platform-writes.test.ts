import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds, grantMenus } from '../support/add-user.js';
import { TENANT_B, startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let tenantAdminB: Record<string, string>;
let dept: string;

beforeAll(async () => {
  ({ t, a: admin, b: tenantAdminB } = await startTwoTenants());
  dept = (await deptIds(t.services))['常州布雷德'];
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.call({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'accept-language': 'en' }, payload });

/** One write of each platform-wide table the issue names. */
const platformWrites: [string, object][] = [
  ['/blade-system/param/submit', { paramName: 'smuggled', paramKey: 'smuggled.key', paramValue: 'v' }],
  ['/blade-system/menu/submit', { name: 'smuggled', code: 'smuggled', path: '/smuggled', category: 1, action: 0, isOpen: 1, sort: 1, parentId: '0' }],
  ['/blade-system/client/submit', { clientId: 'smuggled', clientSecret: 'smuggled-secret', accessTokenValidity: 3600, refreshTokenValidity: 3600, authorizedGrantTypes: 'password' }],
  ['/blade-system/dict/submit', { code: 'smuggled', dictKey: '-1', dictValue: 'smuggled', parentId: '0', sort: 1 }],
  ['/blade-system/tenant-package/submit', { packageName: 'smuggled', menuId: '1' }],
  ['/blade-system/api-scope/submit', { menuId: '1', resourceCode: 'param', scopeName: 'lock-out', scopePath: '/blade-system/param/list', scopeType: 1 }],
];

async function expectPlatformWritesRefused(headers: Record<string, string>) {
  for (const [url, payload] of platformWrites) {
    const res = await post(url, payload, headers);
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false, msg: 'only the platform administrator may change platform-wide data' });
  }
}

describe('role aliases are identifiers, never separators or reserved look-alikes', () => {
  it.each(['x,administrator', ' Administrator ', 'ADMIN istrator', 'a b', '1role', 'role;drop', ''])('refuses the alias %j', async (roleAlias) => {
    const res = await post('/blade-system/role/submit', { roleName: 'r', roleAlias, sort: 1, parentId: '0' }, tenantAdminB);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.roleAlias ?? res.body.msg).toBeTruthy();
    expect(res.body.code).toBe(400);
  });

  it.each(['Administrator', 'ADMIN_ISTRATOR', 'admin-istrator', 'Admin', 'guest'])('refuses %j, which reads as a reserved alias', async (roleAlias) => {
    const res = await post('/blade-system/role/submit', { roleName: 'r', roleAlias, sort: 1, parentId: '0' }, tenantAdminB);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('reserves');
    expect(res.body.fieldErrors).toHaveProperty('roleAlias');
  });

  it('answers the rule in Chinese by default', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-system/role/submit', headers: tenantAdminB, payload: { roleName: 'r', roleAlias: 'x,administrator', sort: 1, parentId: '0' } });
    expect(res.body.msg).toBe('角色别名须以字母开头，只能包含字母、数字、下划线和连字符');
  });

  it('keeps accepting the seeded kinds of alias', async () => {
    for (const roleAlias of ['user', 'hr', 'manager', 'boss', 'role-clerk', 'ok_by_clerk']) {
      const res = await post('/blade-system/role/submit', { roleName: roleAlias, roleAlias, sort: 1, parentId: '0' }, tenantAdminB);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
  });
});

describe('platform-wide writes need the platform administrator, read from the stored roles', () => {
  it('refuses every platform-wide write to another tenant\'s administrator', async () => {
    await expectPlatformWritesRefused(tenantAdminB);
  });

  it('refuses them to a role whose stored alias smuggles ",administrator", in another tenant and in the platform tenant', async () => {
    for (const tenantId of [TENANT_B, '000000']) {
      const ctx = systemContext(tenantId);
      const depts = await t.services.system.repo.list(t.services.model('system/dept'), ctx, { conditions: [], order: [] });
      const account = `sm${tenantId}`;
      const { roleId } = await addRoleAndUser(t.services, { tenantId, roleAlias: 'x,administrator', account, password: 'smuggler-pw', deptId: String(depts[0].id) });
      await grantMenus(t.services, roleId, ['param', 'param_add', 'menu', 'menu_add', 'client', 'client_add', 'dict', 'dict_add', 'api_scope', 'api_scope_add']);
      const smuggler = await t.login({ tenantId, username: account, password: 'smuggler-pw' });
      await expectPlatformWritesRefused(smuggler);
      const users = await t.call({ method: 'GET', url: '/api/blade-user/page', headers: smuggler });
      expect(users.status).toBe(403);
    }
  });

  it('stops treating a user as administrator as soon as the stored role changes, whatever the token says', async () => {
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const administrator = String(roles.find((r) => r.roleAlias === 'administrator')!.id);
    const user = String(roles.find((r) => r.roleAlias === 'user')!.id);
    const { userId } = await addRoleAndUser(t.services, { roleAlias: 'unused', account: 'demoted', password: 'demoted-pw', deptId: dept, roleIds: [administrator] });
    const demoted = await t.login({ username: 'demoted', password: 'demoted-pw' });
    expect((await post('/blade-system/param/submit', { paramName: 'd1', paramKey: 'demoted.one', paramValue: 'v' }, demoted)).body.code).toBe(200);
    await t.services.system.repo.update(t.services.model('system/user'), systemContext(), userId, { roleId: user });
    const after = await post('/blade-system/param/submit', { paramName: 'd2', paramKey: 'demoted.two', paramValue: 'v' }, demoted);
    expect(after.status).toBe(403);
  });

  it('lets the platform administrator write them', async () => {
    const res = await post('/blade-system/param/submit', { paramName: 'p', paramKey: 'platform.key', paramValue: 'v' }, admin);
    expect(res.body.code).toBe(200);
  });

  it('leaves a role whose alias only contains "admin" inside its data scope', async () => {
    const { roleId, userId } = await addRoleAndUser(t.services, { roleAlias: 'sysadmin', account: 'sysadmin', password: 'sysadmin-pw', deptId: dept });
    await grantMenus(t.services, roleId, ['system', 'post']);
    const rule = await post('/blade-system/data-scope/submit', { menuId: '1', resourceCode: 'post', scopeName: 'own posts', scopeType: 2, scopeColumn: 'create_user' }, admin);
    await t.services.system.repo.insert(t.services.model('system/role-scope'), systemContext(), { roleId, scopeId: String(rule.body.data.id), scopeCategory: 1 });
    const ctx = { ...systemContext(), isSystem: false, userId, deptId: dept };
    await t.services.system.repo.insert(t.services.model('system/post'), ctx, { category: 4, postCode: 'sa-own', postName: 'own', sort: 1 });
    const sysadmin = await t.login({ username: 'sysadmin', password: 'sysadmin-pw' });
    const res = await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: sysadmin, query: { size: '200' } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.records.map((r: { postCode: string }) => r.postCode)).toEqual(['sa-own']);
  });
});

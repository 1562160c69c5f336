import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

const INIT_PASSWORD = '123456';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers = admin) => t.call({ method: 'POST', url: `/api${url}`, headers, payload });
const get = (url: string, headers = admin, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api${url}`, headers, query });

const signIn = (tenantId: string, password = INIT_PASSWORD) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
  query: { tenantId, username: 'admin', password: md5Hex(password), grant_type: 'password', scope: 'all' },
});

async function provision(payload: Record<string, unknown>) {
  const res = await post('/blade-system/tenant/submit', { linkman: 'Lee', ...payload });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data;
}

function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe('creating a tenant provisions it in the same transaction', () => {
  it('gives the new tenant an admin who signs in with account.initPassword and sees its own role, dept and post', async () => {
    const tenant = await provision({ tenantName: 'Acme Trading' });
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    expect(tenant.tenantId).not.toBe('000000');
    expect(tenant.accountNumber).toBe(100);

    const token = await signIn(tenant.tenantId);
    expect(token.body).toMatchObject({ tenant_id: tenant.tenantId, account: 'admin', role_name: 'admin' });
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.body.access_token}` };

    const roles = flatten((await get('/blade-system/role/list', headers)).body.data);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ roleName: '管理员', roleAlias: 'admin', parentId: '0', sort: 2, id: token.body.role_id });
    const depts = flatten((await get('/blade-system/dept/list', headers)).body.data);
    expect(depts).toHaveLength(1);
    expect(depts[0]).toMatchObject({ deptName: 'Acme Trading', fullName: 'Acme Trading', parentId: '0', ancestors: '0', deptCategory: 1, id: token.body.dept_id });
    const posts = (await get('/blade-system/post/list', headers)).body.data.records;
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ postCode: 'ceo', postName: '首席执行官', category: 1, sort: 1, id: token.body.post_id });
  });

  it('grants the admin role the default menus with their buttons, and nothing of the platform', async () => {
    const tenant = await provision({ tenantName: 'Menus Co' });
    const token = await signIn(tenant.tenantId);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.body.access_token}` };
    const paths = flatten((await get('/blade-system/menu/routes', headers)).body.data).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/desk', '/desk/notice', '/system/user', '/system/dept', '/authority/role', '/system/dictbiz']));
    expect(paths).not.toContain('/system/tenant');
    expect(paths).not.toContain('/system/param');
    const codes = flatten((await get('/blade-system/menu/buttons', headers)).body.data).map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['user_add', 'dept_edit', 'notice_view']));
    expect(codes).not.toContain('tenant_add');
  });

  it('limits the granted menus to the tenant package', async () => {
    const tree = (await get('/blade-system/menu/tree')).body.data;
    const desk = tree.find((n: any) => n.code === 'desk');
    const notice = desk.children.find((n: any) => n.code === 'notice');
    const pkg = await post('/blade-system/tenant-package/submit', { packageName: 'Desk only', menuId: [desk.id, notice.id].join(',') });
    const tenant = await provision({ tenantName: 'Packaged', packageId: pkg.body.data.id });
    const token = await signIn(tenant.tenantId);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.body.access_token}` };
    const paths = flatten((await get('/blade-system/menu/routes', headers)).body.data).map((m) => m.path);
    expect(paths.sort()).toEqual(['/desk', '/desk/notice']);
  });

  it('refuses a package that does not exist, creating nothing', async () => {
    const res = await post('/blade-system/tenant/submit', { tenantName: 'Ghost package', linkman: 'Lee', packageId: '123456789012345678' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('产品包不存在或已被删除');
    expect((await get('/blade-system/tenant/list', admin, { tenantName: 'Ghost package' })).body.data.total).toBe(0);
  });

  it('copies every business dictionary tree to the new tenant with new ids', async () => {
    const root = await post('/blade-system/dict-biz/submit', { code: 'bank', dictKey: '-1', dictValue: '银行', parentId: '0', sort: 1, isSealed: 0 });
    const child = await post('/blade-system/dict-biz/submit', { code: 'bank', dictKey: '1', dictValue: '工商银行', parentId: root.body.data.id, sort: 1, isSealed: 0 });
    expect(child.body.code).toBe(200);

    const tenant = await provision({ tenantName: 'Dict Co' });
    const token = await signIn(tenant.tenantId);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token.body.access_token}` };
    const copied = (await get('/blade-system/dict-biz/list', headers)).body.data;
    const bank = copied.find((n: any) => n.code === 'bank');
    expect(bank).toMatchObject({ dictKey: '-1', dictValue: '银行', parentId: '0', tenantId: tenant.tenantId });
    expect(bank.id).not.toBe(root.body.data.id);
    expect(bank.children).toHaveLength(1);
    expect(bank.children[0]).toMatchObject({ dictKey: '1', dictValue: '工商银行', parentId: bank.id });
    expect(bank.children[0].id).not.toBe(child.body.data.id);
  });

  it('takes the tenant id from the server, never from the body', async () => {
    const tenant = await provision({ tenantName: 'Chooser', tenantId: '424242' });
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    const forced = await get('/blade-system/tenant/list', admin, { tenantId_equal: '424242' });
    expect(forced.body.data.total).toBe(0);
    const update = await post('/blade-system/tenant/submit', { id: tenant.id, tenantName: 'Chooser 2', linkman: 'Lee', tenantId: '000000' });
    expect(update.body.data).toMatchObject({ tenantId: tenant.tenantId, tenantName: 'Chooser 2' });
  });

  it('keeps an account quota given at creation', async () => {
    expect((await provision({ tenantName: 'Quota given', accountNumber: 7 })).accountNumber).toBe(7);
  });
});

describe('removing tenants', () => {
  it('refuses to remove the management tenant 000000', async () => {
    const [management] = (await get('/blade-system/tenant/list', admin, { tenantId_equal: '000000' })).body.data.records;
    const zh = await t.call({ method: 'POST', url: '/api/blade-system/tenant/remove', headers: admin, query: { ids: management.id } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('不可删除管理租户!');
    const en = await t.call({ method: 'POST', url: '/api/blade-system/tenant/remove', headers: { ...admin, 'accept-language': 'en' }, query: { ids: management.id } });
    expect(en.body.msg).toBe('the management tenant cannot be deleted');
    expect((await get('/blade-system/tenant/detail', admin, { id: management.id })).body.data.tenantId).toBe('000000');
  });

  it('removes the tenant with its users: its admin can no longer sign in', async () => {
    const tenant = await provision({ tenantName: 'Short lived' });
    expect((await signIn(tenant.tenantId)).body.access_token).toBeTruthy();
    const removed = await t.call({ method: 'POST', url: '/api/blade-system/tenant/remove', headers: admin, query: { ids: tenant.id } });
    expect(removed.body.code).toBe(200);
    const refused = await signIn(tenant.tenantId);
    expect(refused.body.access_token).toBeUndefined();
    expect(refused.body.error_description).toBe('未获得用户的租户信息');
    expect(await t.services.system.repo.count(t.services.model('system/user'), systemContext(tenant.tenantId), [])).toBe(0);
  });
});

describe('a provisioning that fails', () => {
  it('leaves nothing behind: tenant row and provisioned rows roll back together', async () => {
    const rows = async () => Object.fromEntries(await Promise.all(['blade_tenant', 'blade_role', 'blade_dept', 'blade_post', 'blade_user', 'blade_role_menu'].map(async (table) => {
      const row = await t.services.system.repo.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return [table, Number(row.n)];
    })));
    const before = await rows();
    t.services.hooks.on('system/tenant', {
      async afterWrite({ values }) {
        if (values.tenantName === 'Doomed') throw new Error('a later step failed');
      },
    });
    const res = await post('/blade-system/tenant/submit', { tenantName: 'Doomed', linkman: 'Lee' });
    expect(res.status).toBe(500);
    expect(await rows()).toEqual(before);
  });
});

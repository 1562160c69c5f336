import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const token = (query: Record<string, string>, lang = 'zh') => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'accept-language': lang }, query: { scope: 'all', ...query },
});
const signIn = (tenantId: string, lang = 'zh') => token({ tenantId, username: 'admin', password: md5Hex('123456'), grant_type: 'password' }, lang);

async function provision(tenantName: string): Promise<{ id: string; tenantId: string }> {
  const res = await t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers: admin, payload: { tenantName, linkman: 'Lee' } });
  return res.body.data;
}

const setting = (query: Record<string, string>) => t.call({ method: 'POST', url: '/api/blade-system/tenant/setting', headers: admin, query });

describe('tenant checks at sign-in', () => {
  it('refuses an unknown tenant', async () => {
    const res = await signIn('999999x');
    expect(res.body).toMatchObject({ error_description: '未获得用户的租户信息', success: false });
    expect(res.body.access_token).toBeUndefined();
  });

  it('refuses an expired tenant in both languages, and signs in again once the expiry moves on', async () => {
    const tenant = await provision('Expiring');
    expect((await signIn(tenant.tenantId)).body.access_token).toBeTruthy();
    await setting({ ids: tenant.id, expireTime: '2020-01-01 00:00:00' });

    const zh = await signIn(tenant.tenantId);
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, msg: '租户授权已过期,请联系管理员', error_description: '租户授权已过期,请联系管理员' });
    expect(zh.body.access_token).toBeUndefined();
    const en = await signIn(tenant.tenantId, 'en');
    expect(en.body.msg).toBe('the tenant licence has expired, please contact the administrator');

    await setting({ ids: tenant.id, expireTime: '2999-01-01 00:00:00' });
    expect((await signIn(tenant.tenantId)).body.access_token).toBeTruthy();
  });

  it('refuses to refresh the tokens of a tenant that has expired since', async () => {
    const tenant = await provision('Refreshing');
    const first = await signIn(tenant.tenantId);
    await setting({ ids: tenant.id, expireTime: '2020-01-01 00:00:00' });
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(refreshed.body.msg).toBe('租户授权已过期,请联系管理员');
    expect(refreshed.body.access_token).toBeUndefined();
  });

  it('never expires the management tenant 000000', async () => {
    const [management] = (await t.call({ method: 'GET', url: '/api/blade-system/tenant/list', headers: admin, query: { tenantId_equal: '000000' } })).body.data.records;
    await setting({ ids: management.id, expireTime: '2020-01-01 00:00:00' });
    expect((await t.login()).authorization).toBeTruthy();
  });
});

describe('account quota', () => {
  it('refuses a new user once the tenant has as many live users as its quota', async () => {
    const tenant = await provision('Small team');
    await setting({ ids: tenant.id, accountNumber: '2' });
    const headers = await t.login({ tenantId: tenant.tenantId, password: '123456' });
    const firstOf = async (key: string) => String((await t.services.system.repo.list(t.services.model(key), systemContext(tenant.tenantId), { conditions: [], order: [] }))[0].id);
    const refs = { roleId: await firstOf('system/role'), deptId: await firstOf('system/dept') };
    const addUser = (account: string, lang = 'zh') => t.call({
      method: 'POST', url: '/api/blade-user/submit', headers: { ...headers, 'accept-language': lang },
      payload: { account, name: account, realName: account, password: 'pw-123456', ...refs },
    });

    expect((await addUser('second')).body.code).toBe(200);
    const third = await addUser('third');
    expect(third.status).toBe(400);
    expect(third.body.msg).toBe('当前租户已到最大账号额度!');
    expect((await addUser('third', 'en')).body.msg).toBe('the tenant has reached its maximum number of accounts');

    await setting({ ids: tenant.id, accountNumber: '-1' });
    expect((await addUser('third')).body.code).toBe(200);
  });
});

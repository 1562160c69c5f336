import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { ADMIN_PASSWORD, BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(() => t?.close());

const token = (query: Record<string, string>, headers: Record<string, string> = { authorization: BASIC }) =>
  t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers, query: { scope: 'all', ...query } });

const passwordGrant = (password = ADMIN_PASSWORD) =>
  token({ tenantId: '000000', username: 'admin', password: md5Hex(password), grant_type: 'password' });

describe('POST /blade-auth/oauth/token', () => {
  it('signs in with the password grant and answers the BladeX user info fields', async () => {
    const res = await passwordGrant();
    expect(res.status).toBe(200);
    for (const key of ['access_token', 'refresh_token', 'tenant_id', 'user_id', 'user_name', 'nick_name', 'role_name', 'role_id', 'dept_id', 'account', 'avatar', 'oauth_id']) {
      expect(res.body).toHaveProperty(key);
    }
    expect(res.body).toMatchObject({ tenant_id: '000000', account: 'admin', role_name: 'administrator', token_type: 'bearer' });
    expect(res.body.avatar).not.toBe('');
  });

  it('answers error_description and no token for a wrong password', async () => {
    const res = await passwordGrant('wrong');
    expect(res.body.error_description).toBe('用户名或密码不正确');
    expect(res.body.access_token).toBeUndefined();
  });

  it('refuses a request without or with a wrong client', async () => {
    const query = { tenantId: '000000', username: 'admin', password: md5Hex(ADMIN_PASSWORD), grant_type: 'password' };
    expect((await token(query, {})).status).toBe(401);
    const bad = `Basic ${Buffer.from('saber:nope').toString('base64')}`;
    const res = await token(query, { authorization: bad });
    expect(res.status).toBe(401);
    expect(res.body.error_description).toBe('客户端认证失败!');
  });

  it('rotates the refresh token: the new one works, the used one is refused with 401', async () => {
    const first = await passwordGrant();
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(refreshed.body.access_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(reused.status).toBe(401);
  });

  it('refuses an unknown grant type', async () => {
    const res = await token({ grant_type: 'magic' });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('no grantType was found');
  });
});

describe('session endpoints', () => {
  it('answers user-info for the token and 401 without one', async () => {
    const headers = await t.login();
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers });
    expect(info.body.data).toMatchObject({ account: 'admin', tenant_id: '000000' });
    const anonymous = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
  });

  it('logout revokes the access token and the refresh token of that sign-in', async () => {
    const signIn = await passwordGrant();
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${signIn.body.access_token}` };
    expect((await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers })).status).toBe(200);
    await t.call({ method: 'GET', url: '/api/blade-auth/oauth/logout', headers });
    expect((await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: signIn.body.refresh_token })).status).toBe(401);
  });

  it('accepts the bare BladeX paths that Saber reaches through its /api proxy', async () => {
    const headers = await t.login();
    const res = await t.call({ method: 'GET', url: '/blade-system/param/list', headers });
    expect(res.body.code).toBe(200);
  });
});

describe('menus', () => {
  it('gives the administrator every seeded screen in routes and every button code', async () => {
    const headers = await t.login();
    const routes = (await t.call({ method: 'GET', url: '/api/blade-system/menu/routes', headers })).body.data;
    const paths: string[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => { paths.push(n.path); walk(n.children ?? []); });
    walk(routes);
    for (const model of t.services.models.filter((m) => m.menu)) expect(paths).toContain(model.menu!.path);
    const buttons = (await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons', headers })).body.data;
    const codes: string[] = [];
    const walkCodes = (nodes: any[]) => nodes.forEach((n) => { codes.push(n.code); walkCodes(n.children ?? []); });
    walkCodes(buttons);
    expect(codes).toEqual(expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view']));
  });
});

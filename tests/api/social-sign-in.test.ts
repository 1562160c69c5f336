import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addTenant } from '../support/second-tenant.js';
import { HeadlessBrowser, promptOf } from '../support/headless-browser.js';
import { startOidcServer, startRedirectCatcher, type OidcServer } from '../support/oidc-server.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * The whole third-party sign-in against a real OpenID Connect server on loopback
 * (oidc-provider): our render endpoint → the provider's authorize, sign-in and consent
 * pages, driven as a browser would → the code at a loopback redirect → grant social →
 * guest token → register-guest → approval → a normal token.
 */

const OCTOCAT = { id: 583231, login: 'octocat', name: 'The Octocat', avatar_url: 'https://avatars.example/u/583231', email: 'octocat@example.com' };
const HUBOT = { id: 480938, login: 'hubot', name: 'Hubot', avatar_url: 'https://avatars.example/u/480938', email: 'hubot@example.com' };

let t: TestApp;
let admin: Record<string, string>;
let oidc: OidcServer;
let catcher: Awaited<ReturnType<typeof startRedirectCatcher>>;

beforeAll(async () => {
  catcher = await startRedirectCatcher();
  oidc = await startOidcServer({ redirectUri: catcher.url('github'), accounts: { octocat: OCTOCAT, hubot: HUBOT } });
  t = await startTestApp();
  admin = await t.login();
  await addTenant(t.services, '000001', 'tenant-b-pw');
  const res = await t.call({
    method: 'POST', url: '/api/blade-system/social-client/submit', headers: admin,
    payload: {
      source: 'github', clientId: oidc.clientId, clientSecret: oidc.clientSecret, scope: 'openid profile', enabled: 1,
      authorizeUrl: `${oidc.issuer}/auth`, tokenUrl: `${oidc.issuer}/token`, userInfoUrl: `${oidc.issuer}/me`, redirectUri: catcher.url('github'),
    },
  });
  expect(res.body.code).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await catcher?.close();
});

/** Our render endpoint, then the provider's pages as a person would go through them. */
async function authorizeAt(browser: HeadlessBrowser, login: string, tenantId = '000000'): Promise<{ code: string; state: string }> {
  const render = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/github', query: { tenantId } });
  expect(render.statusCode).toBe(302);
  const authorize = new URL(String(render.headers.location));
  expect(authorize.origin).toBe(oidc.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const end = await browser.browse(authorize.toString(), (html): Record<string, string> | undefined => {
    const prompt = promptOf(html);
    if (prompt === 'login') return { prompt, login, password: 'any' };
    if (prompt === 'consent') return { prompt };
    return undefined;
  });
  expect(end.status, end.html).toBe(200);
  expect(end.url.toString().startsWith(catcher.url('github'))).toBe(true);
  const received = catcher.last()!;
  return { code: received.get('code')!, state: received.get('state')! };
}

const socialGrant = (query: Record<string, string>) => t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
  query: { tenantId: '000000', source: 'github', grant_type: 'social', scope: 'all', ...query },
});

const bearer = (token: string) => ({ authorization: BASIC, 'blade-auth': `bearer ${token}` });

describe('third-party sign-in against a loopback OpenID Connect server', () => {
  let guestToken = '';
  let oauthId = '';

  it('gives a first-time visitor a guest token carrying the third-party row', async () => {
    const { code, state } = await authorizeAt(new HeadlessBrowser(), 'octocat');
    const res = await socialGrant({ code, state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: '-1', role_name: 'guest', account: 'octocat', nick_name: 'The Octocat', avatar: OCTOCAT.avatar_url, tenant_id: '000000' });
    expect(res.body.oauth_id).toMatch(/^\d+$/);
    guestToken = res.body.access_token;
    oauthId = res.body.oauth_id;
    const [row] = await t.services.system.repo.list(t.services.model('system/user-oauth'), systemContext(), { conditions: [], order: [] });
    expect(row).toMatchObject({ id: oauthId, uuid: String(OCTOCAT.id), source: 'github', username: 'octocat', email: OCTOCAT.email, userId: '' });
  });

  it('lets a guest token reach user-info and register-guest only (403 elsewhere)', async () => {
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(guestToken) });
    expect(info.body.data).toMatchObject({ user_id: '-1', oauth_id: oauthId, avatar: OCTOCAT.avatar_url });
    for (const url of ['/api/blade-system/param/list', '/api/blade-user/info', '/api/blade-system/menu/routes', '/api/blade-auth/oauth/clear-cache']) {
      const res = await t.call({ method: 'GET', url, headers: bearer(guestToken) });
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe(403);
    }
  });

  it('refuses a state used twice, and a state for another tenant', async () => {
    const browser = new HeadlessBrowser();
    const first = await authorizeAt(browser, 'hubot');
    const otherTenant = await socialGrant({ ...first, tenantId: '000001' });
    expect(otherTenant.status).toBe(400);
    expect(otherTenant.body.error_description).toBe('第三方登录已失效,请重新登录');
    const again = await socialGrant(first);
    expect(again.body.error_description).toBe('第三方登录已失效,请重新登录');
    expect(again.body.access_token).toBeUndefined();
    const forged = await socialGrant({ code: 'x', state: 'made.up' });
    expect(forged.body.error_description).toBe('第三方登录已失效,请重新登录');
  });

  it('checks the third-party row and the tenant on register-guest', async () => {
    const form = { tenantId: '000000', name: 'Octo', account: 'octo-guest', password: 'octo-pass', oauthId };
    const wrongRow = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', headers: bearer(guestToken), query: { ...form, oauthId: '123' } });
    expect(wrongRow.body).toMatchObject({ code: 400, msg: '第三方登陆信息错误!' });
    const wrongTenant = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', headers: bearer(guestToken), query: { ...form, tenantId: '000001' } });
    expect(wrongTenant.body).toMatchObject({ code: 400, msg: '租户信息错误!' });
    const asAdmin = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', headers: admin, query: form });
    expect(asAdmin.body.msg).toBe('第三方登陆信息错误!');
  });

  it('registers the guest as a pending user bound to the row; pending users cannot sign in', async () => {
    const form = { tenantId: '000000', name: 'Octo', account: 'octo-guest', password: 'octo-pass', oauthId };
    const res = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', headers: bearer(guestToken), query: form });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, success: true });
    const users = await t.services.system.repo.list(t.services.model('system/user'), systemContext(), { conditions: [], order: [] });
    const user = users.find((u) => u.account === 'octo-guest')!;
    expect(user).toMatchObject({ status: 0, realName: 'Octo', avatar: OCTOCAT.avatar_url });
    const row = await t.services.system.repo.findByKey(t.services.model('system/user-oauth'), systemContext(), oauthId);
    expect(row?.userId).toBe(String(user.id));

    const twice = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', headers: bearer(guestToken), query: { ...form, account: 'octo-2' } });
    expect(twice.body.msg).toBe('第三方登陆信息错误!');

    const social = await socialGrant(await authorizeAt(new HeadlessBrowser(), 'octocat'));
    expect(social.body).toMatchObject({ error_description: '账号未审核,请联系管理员' });
    expect(social.body.access_token).toBeUndefined();
    const password = await t.call({
      method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'accept-language': 'en' },
      query: { tenantId: '000000', username: 'octo-guest', password: md5Hex('octo-pass'), grant_type: 'password' },
    });
    expect(password.body.error_description).toBe('account awaiting approval');
  });

  it('signs the person in with a normal token once an administrator has approved them', async () => {
    const users = await t.services.system.repo.list(t.services.model('system/user'), systemContext(), { conditions: [], order: [] });
    const userId = String(users.find((u) => u.account === 'octo-guest')!.id);
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const userRole = String(roles.find((r) => r.roleAlias === 'user')!.id);

    const guestApproves = await t.call({ method: 'POST', url: '/api/blade-user/approve', headers: bearer(guestToken), query: { userIds: userId } });
    expect(guestApproves.status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/blade-user/grant', headers: admin, query: { userIds: userId, roleIds: userRole } })).body.code).toBe(200);
    const approved = await t.call({ method: 'POST', url: '/api/blade-user/approve', headers: admin, query: { userIds: userId } });
    expect(approved.body).toMatchObject({ code: 200, success: true });

    const res = await socialGrant(await authorizeAt(new HeadlessBrowser(), 'octocat'));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ user_id: userId, account: 'octo-guest', role_name: 'user', oauth_id: oauthId, tenant_id: '000000' });
    const info = await t.call({ method: 'GET', url: '/api/blade-user/info', headers: bearer(res.body.access_token) });
    expect(info.body.code).toBe(200);
  });

  it('answers a clear message for an unknown source and for a tenant without a client', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/myspace' });
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 400, msg: '不支持的第三方登录来源: myspace' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/github', query: { tenantId: '000001' }, headers: { 'accept-language': 'en' } });
    expect(JSON.parse(missing.body)).toMatchObject({ code: 400, msg: 'third-party sign-in is not configured: github' });
  });

  it('never sends the client secret back, and keeps it when an edit leaves it empty', async () => {
    const list = await t.call({ method: 'GET', url: '/api/blade-system/social-client/list', headers: admin });
    const row = list.body.data.records.find((r: any) => r.source === 'github');
    expect(row).not.toHaveProperty('clientSecret');
    const edit = await t.call({ method: 'POST', url: '/api/blade-system/social-client/submit', headers: admin, payload: { id: row.id, clientSecret: '', scope: 'openid profile' } });
    expect(edit.body.code).toBe(200);
    const stored = await t.services.system.repo.findByKey(t.services.model('system/social-client'), systemContext(), row.id, true);
    expect(stored?.clientSecret).toBe(oidc.clientSecret);
  });
});

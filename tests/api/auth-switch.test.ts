import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Dept-Id / Role-Id (the console's switch dialog): a token for one of the user's own
 * departments and roles, on sign-in and on refresh; anything else is ignored.
 */

let t: TestApp;
let user: { account: string; adminRole: string; plainRole: string; depts: string[] };
const PASSWORD = 'switch-pw';

beforeAll(async () => {
  t = await startTestApp();
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  const adminRole = String(roles.find((r) => r.roleAlias === 'administrator')!.id);
  const plainRole = await t.services.system.repo.insert(t.services.model('system/role'), systemContext(), { roleName: 'clerk', roleAlias: 'clerk', sort: 9, parentId: '0' });
  const depts = Object.values(await deptIds(t.services)).slice(0, 2);
  const account = `sw-${randomBytes(3).toString('hex')}`;
  await addRoleAndUser(t.services, { account, password: PASSWORD, roleAlias: 'unused', roleIds: [adminRole, plainRole], deptId: depts.join(',') });
  user = { account, adminRole, plainRole, depts };
});
afterAll(() => t?.close());

const token = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000', ...headers }, query: { tenantId: '000000', scope: 'all', ...query } });

const passwordGrant = (headers: Record<string, string> = {}) =>
  token({ username: user.account, password: md5Hex(PASSWORD), grant_type: 'password' }, headers);

const bearer = (accessToken: string) => ({ authorization: BASIC, 'blade-auth': `bearer ${accessToken}` });

describe('Dept-Id / Role-Id', () => {
  it('issues the sign-in for the chosen department and role of the user', async () => {
    const res = await passwordGrant({ 'dept-id': user.depts[1], 'role-id': user.plainRole });
    expect(res.body).toMatchObject({ dept_id: user.depts[1], role_id: user.plainRole, role_name: 'clerk' });
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(res.body.access_token) });
    expect(info.body.data).toMatchObject({ dept_id: user.depts[1], role_id: user.plainRole, role_name: 'clerk' });
  });

  it('gives the narrowed token only the chosen role\'s rights', async () => {
    const full = await passwordGrant();
    const narrowed = await passwordGrant({ 'role-id': user.plainRole });
    const param = { paramName: 'switch test', paramKey: `switch.${randomBytes(3).toString('hex')}`, paramValue: '1' };
    expect((await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: bearer(full.body.access_token), payload: param })).body.code).toBe(200);
    const refused = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers: bearer(narrowed.body.access_token), payload: { ...param, paramKey: `${param.paramKey}b` } });
    expect(refused.status).toBe(403);
  });

  it('ignores ids that are not the user\'s own', async () => {
    const res = await passwordGrant({ 'dept-id': '123456789', 'role-id': '987654321' });
    expect(res.body.role_id.split(',').sort()).toEqual([user.adminRole, user.plainRole].sort());
    expect(res.body.dept_id.split(',').sort()).toEqual([...user.depts].sort());
  });

  it('switches on refresh: the chosen pair, then back to everything without headers, in one session', async () => {
    const signIn = await passwordGrant();
    expect(signIn.body.role_id.split(',')).toHaveLength(2);
    const switched = await token({ grant_type: 'refresh_token', refresh_token: signIn.body.refresh_token }, { 'dept-id': user.depts[0], 'role-id': user.adminRole });
    expect(switched.body).toMatchObject({ dept_id: user.depts[0], role_id: user.adminRole, role_name: 'administrator' });
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(switched.body.access_token) });
    expect(info.body.data).toMatchObject({ role_id: user.adminRole, dept_id: user.depts[0] });

    const back = await token({ grant_type: 'refresh_token', refresh_token: switched.body.refresh_token });
    expect(back.body.role_id.split(',')).toHaveLength(2);
    expect(back.body.dept_id.split(',')).toHaveLength(2);

    // One session throughout: logging out with the latest token revokes the latest refresh token.
    await t.call({ method: 'GET', url: '/api/blade-auth/oauth/logout', headers: bearer(back.body.access_token) });
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(switched.body.access_token) })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: back.body.refresh_token })).status).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'victim-pw';

let t: TestApp;
let admin: Record<string, string>;
let userRole: string;
let dept: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  userRole = String(roles.find((r) => r.roleAlias === 'user')!.id);
  dept = Object.values(await deptIds(t.services))[0];
});
afterAll(() => t?.close());

/** A user of role `user`, signed in: its id, headers and refresh token. */
async function signedInUser() {
  const account = `v${randomBytes(2).toString('hex')}`;
  const { userId } = await addRoleAndUser(t.services, { roleAlias: '', roleIds: [userRole], account, password: PASSWORD, deptId: dept });
  const res = await t.call({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
    query: { tenantId: '000000', username: account, password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { userId, account, headers: { authorization: BASIC, 'blade-auth': `bearer ${res.body.access_token}` }, refreshToken: String(res.body.refresh_token) };
}

const opens = async (headers: Record<string, string>) => (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers })).status === 200;
const refreshes = async (refreshToken: string) => (await t.call({
  method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
  query: { tenantId: '000000', grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
})).status === 200;
const asAdmin = async (url: string, query: Record<string, string> = {}, payload?: object) => {
  const res = await t.call({ method: 'POST', url, headers: admin, query, payload });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
};

describe('ending a user\'s sessions', () => {
  it('refuses a removed user\'s access and refresh tokens at once, so they cannot create users', async () => {
    const victim = await signedInUser();
    expect(await opens(victim.headers)).toBe(true);
    await asAdmin('/api/blade-user/remove', { ids: victim.userId });
    expect(await opens(victim.headers)).toBe(false);
    const created = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: victim.headers, payload: { account: 'ghost', name: 'g', realName: 'g', password: 'x', roleId: userRole, deptId: dept } });
    expect(created.status).toBe(401);
    expect(await refreshes(victim.refreshToken)).toBe(false);
  });

  // A submit's status is the server's since issue 29 (docs/decisions/0059): an edit that sends
  // another one changes nothing, so the session stays; a change of what the session was
  // earned with (here the account name) still ends it.
  it('keeps a session through a harmless edit and a sent status, and ends it when the account changes', async () => {
    const victim = await signedInUser();
    const detail = (await t.call({ method: 'GET', url: '/api/blade-user/detail', headers: admin, query: { id: victim.userId } })).body.data;
    await asAdmin('/api/blade-user/update', {}, { ...detail, phone: '13800000000' });
    expect(await opens(victim.headers)).toBe(true);
    await asAdmin('/api/blade-user/update', {}, { ...detail, status: 2 });
    const after = (await t.call({ method: 'GET', url: '/api/blade-user/detail', headers: admin, query: { id: victim.userId } })).body.data;
    expect(after.status).toBe(detail.status);
    expect(await opens(victim.headers)).toBe(true);
    await asAdmin('/api/blade-user/update', {}, { ...after, account: `${after.account}x` });
    expect(await opens(victim.headers)).toBe(false);
    expect(await refreshes(victim.refreshToken)).toBe(false);
  });

  it('ends the sessions of users whose roles are granted anew', async () => {
    const victim = await signedInUser();
    await asAdmin('/api/blade-user/grant', { userIds: victim.userId, roleIds: userRole });
    expect(await opens(victim.headers)).toBe(false);
    expect(await refreshes(victim.refreshToken)).toBe(false);
  });

  it('ends the sessions of users whose password is reset', async () => {
    const victim = await signedInUser();
    await asAdmin('/api/blade-user/reset-password', { userIds: victim.userId });
    expect(await opens(victim.headers)).toBe(false);
    expect(await refreshes(victim.refreshToken)).toBe(false);
  });

  it('ends every session of a user who changes their own password; the new password signs in', async () => {
    const victim = await signedInUser();
    const elsewhere = await t.login({ username: victim.account, password: PASSWORD });
    const res = await t.call({
      method: 'POST', url: '/api/blade-user/update-password', headers: victim.headers,
      query: { oldPassword: md5Hex(PASSWORD), newPassword: md5Hex('new-pw'), newPassword1: md5Hex('new-pw') },
    });
    expect(res.body.code).toBe(200);
    expect(await opens(elsewhere)).toBe(false);
    expect(await opens(victim.headers)).toBe(false);
    expect(await opens(await t.login({ username: victim.account, password: 'new-pw' }))).toBe(true);
  });

  it('ends the sessions of users whose roles an import with cover changes', async () => {
    const victim = await signedInUser();
    const exported = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-user', headers: admin, query: { account: victim.account } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const roleColumn = (sheet.getRow(1).values as unknown[]).indexOf('所属角色');
    sheet.getRow(2).getCell(roleColumn).value = '超级管理员';
    const boundary = `----atrium${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(await workbook.xlsx.writeBuffer()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.call({ method: 'POST', url: '/api/blade-user/import-user', payload, headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(imported.body, JSON.stringify(imported.body)).toMatchObject({ code: 200, data: { updated: 1 } });
    expect(await opens(victim.headers)).toBe(false);
    expect(await refreshes(victim.refreshToken)).toBe(false);
  });

  it.runIf(process.env.REDIS_URL)('ends the sessions in every process sharing the Redis store, past their verified-token cache', async () => {
    const other = await startTestApp();
    try {
      const victim = await signedInUser();
      const opensThere = async () => (await other.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: victim.headers })).status === 200;
      expect(await opensThere()).toBe(true);
      await asAdmin('/api/blade-user/remove', { ids: victim.userId });
      expect(await opensThere()).toBe(false);
    } finally {
      await other.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { deptIds } from '../support/add-user.js';
import { BASIC, type TestApp } from '../support/test-app.js';
import { startTwoTenants, TENANT_B } from '../support/two-tenants.js';

/**
 * Mass assignment: a tenant administrator's submit carrying the columns the server manages
 * (status, the audit columns, the tenant, the deleted flag). They are ignored: the row is
 * stored as if they had not been sent, and status changes only through the actions that
 * own it (enable, approve). Where a schema lets a submit write status (OSS and SMS
 * configurations: 1 off / 2 on) only those values pass.
 */
let t: TestApp;
let a: Record<string, string>;
let roleId: string;
let deptId: string;

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
const NOTICE = '/api/blade-desk/notice';

/** What a hostile body adds to a record: every server-managed column, set to something else. */
const FORGED = { status: 9, tenantId: TENANT_B, createUser: '1', createDept: '1', createTime: '2000-01-01 00:00:00', updateUser: '1', updateTime: '2000-01-01 00:00:00', isDeleted: 1 };

const stored = (table: string, id: string) => t.services.system.repo.db.selectFrom(table)
  .select(['status', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'is_deleted']).where('id', '=', id).executeTakeFirstOrThrow();

async function adminRow() {
  return t.services.system.repo.db.selectFrom('blade_user').select(['id', 'dept_id']).where('account', '=', 'admin').where('tenant_id', '=', '000000').executeTakeFirstOrThrow();
}

/** The row holds what the server set, whatever FORGED said. */
async function expectServerValues(table: string, id: string) {
  const admin = await adminRow();
  const row = await stored(table, id);
  expect(row).toMatchObject({ status: 1, tenant_id: '000000', create_user: admin.id, update_user: admin.id, is_deleted: 0 });
  expect(String(row.create_dept)).toBe(String(admin.dept_id).split(',')[0]);
  expect(String(row.create_time)).not.toContain('2000');
}

beforeAll(async () => {
  ({ t, a } = await startTwoTenants());
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
  deptId = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

describe('a submit that sends status, audit columns, tenant and deleted flag', () => {
  it('stores a new notice as if they were not sent', async () => {
    const res = await t.call({ method: 'POST', url: `${NOTICE}/submit`, headers: a, payload: { title: unique('n'), category: 1, releaseTime: '2026-01-01 09:00:00', ...FORGED } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectServerValues('blade_notice', res.body.data.id);
    const detail = await t.call({ method: 'GET', url: `${NOTICE}/detail`, headers: a, query: { id: res.body.data.id } });
    expect(detail.body.data).toMatchObject({ status: 1, tenantId: '000000' });
  });

  it('leaves them as stored when an edit sends them (the edit form posts the record it loaded)', async () => {
    const id = (await t.call({ method: 'POST', url: `${NOTICE}/submit`, headers: a, payload: { title: unique('n'), category: 1, releaseTime: '2026-01-01 09:00:00' } })).body.data.id;
    const res = await t.call({ method: 'POST', url: `${NOTICE}/submit`, headers: a, payload: { id, title: 'edited', ...FORGED } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectServerValues('blade_notice', id);
    expect((await t.call({ method: 'GET', url: `${NOTICE}/list`, headers: a, query: { title: 'edited' } })).body.data.records.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('stores a new user active (status 1) whatever status it sends, and the user signs in', async () => {
    for (const status of [9, 0, -1]) {
      const account = unique('u');
      const res = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: a, payload: { account, name: 'n', realName: 'rn', roleId, deptId, password: 'pw-1', ...FORGED, status } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectServerValues('blade_user', res.body.data.id);
      const token = await t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
        query: { tenantId: '000000', username: account, password: md5Hex('pw-1'), grant_type: 'password', scope: 'all' } });
      expect(token.body.access_token, JSON.stringify(token.body)).toBeTruthy();
    }
  });

  it('cannot take a user without roles past the pending rule by sending status 0', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: { ...a, 'accept-language': 'en' }, payload: { account: unique('u'), name: 'n', realName: 'rn', password: 'pw-1', status: 0 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['deptId', 'roleId']);
  });
});

describe('a schema that lets a submit write status (x-table.writableStatus)', () => {
  it('refuses a storage configuration status outside 1 and 2 in both languages, storing nothing', async () => {
    const ossCode = unique('oss');
    const body = { category: 1, ossCode, endpoint: 'http://127.0.0.1:9000', bucketName: 'files', accessKey: 'ak', secretKey: 'sk', status: 9 };
    const zh = await t.call({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: a, payload: body });
    const en = await t.call({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: { ...a, 'accept-language': 'en' }, payload: body });
    expect(zh).toMatchObject({ status: 400, body: { code: 400, success: false } });
    expect(Object.keys(zh.body.fieldErrors)).toEqual(['status']);
    expect(zh.body.msg).toContain('状态');
    expect(en.body.msg).toMatch(/status/i);
    const rows = await t.services.system.repo.db.selectFrom('blade_oss').select('id').where('oss_code', '=', ossCode).execute();
    expect(rows).toEqual([]);
    const off = await t.call({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: a, payload: { ...body, status: 1 } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
/** Two ordinary users of tenant 000000. */
let colleagues: [string, string];

async function addColleague(account: string, roleId: string, deptId: string): Promise<string> {
  const res = await t.call({
    method: 'POST', url: '/api/blade-user/submit', headers: admin,
    payload: { account, name: account, realName: '导入前', password: 'pw', roleId, deptId, userType: 1 },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return account;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  const all = async (key: string) => t.services.system.repo.list(t.services.model(key), systemContext(), { conditions: [], order: [] });
  const userRole = String((await all('system/role')).find((r) => r.roleAlias === 'user')!.id);
  const dept = String((await all('system/dept')).find((d) => d.deptName === '布雷德科技')!.id);
  const tag = randomBytes(3).toString('hex');
  colleagues = [await addColleague(`one${tag}`, userRole, dept), await addColleague(`two${tag}`, userRole, dept)];
});
afterAll(() => t?.close());

/** A user workbook from the server's template: one row per [account, role name]. */
async function workbookOf(rows: [string, string][], headers = admin): Promise<Buffer> {
  const token = headers['blade-auth'].replace(/^bearer /, '');
  const template = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template', query: { 'blade-auth': token } });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const put = (r: number, label: string, value: string) => { sheet.getRow(r).getCell(header.indexOf(label)).value = value; };
  rows.forEach(([account, role], i) => {
    put(i + 2, '登录账号', account);
    put(i + 2, '用户昵称', account);
    put(i + 2, '用户姓名', account);
    put(i + 2, '所属角色', role);
    put(i + 2, '所属部门', '布雷德科技');
    put(i + 2, '用户平台', 'WEB');
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(file: Buffer, lang = 'zh', headers = admin) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n1\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST', url: '/api/blade-user/import-user', payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
  });
}

const usersNamed = async (account: string, headers = admin) =>
  (await t.call({ method: 'GET', url: '/api/blade-user/page', headers, query: { account, size: '200' } })).body.data.records as any[];

describe('importing users with "cover existing"', () => {
  it('refuses a file that takes the administrator role from the tenant\'s only administrator, and writes none of its rows', async () => {
    const file = await workbookOf([['admin', '用户'], [colleagues[0], '用户']]);

    const zh = await upload(file);
    expect(zh.status).toBe(400);
    expect(zh.body.data.errors).toEqual([{ row: 2, field: 'roleId', message: '导入后租户将没有管理员: 不能取消 [admin] 的管理员角色' }]);
    const en = await upload(file, 'en');
    expect(en.body.data.errors).toEqual([{ row: 2, field: 'roleId', message: 'the tenant would be left without an administrator: [admin] must keep an administrator role' }]);

    expect((await usersNamed(colleagues[0]))[0].realName).toBe('导入前');
    const [stillAdmin] = (await usersNamed('admin')).filter((u) => u.account === 'admin');
    expect(stillAdmin.roleName).toBe('超级管理员');
    const adminOnly = await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers: await t.login() });
    expect(adminOnly.body.code).toBe(200);
  });

  it('accepts the change when the same file leaves another administrator', async () => {
    const res = await upload(await workbookOf([['admin', '用户'], [colleagues[1], '超级管理员']]));
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { inserted: 0, updated: 2 } });
    const successor = await t.login({ username: colleagues[1], password: 'pw' });
    expect((await usersNamed(colleagues[1], successor))[0]).toMatchObject({ roleName: '超级管理员', realName: colleagues[1] });
    expect((await usersNamed('admin', successor)).find((u) => u.account === 'admin').roleName).toBe('用户');
  });

  it('lets only one of two imports run at once take a different one of the last two administrators', async () => {
    let headers = await t.login({ username: colleagues[1], password: 'pw' });
    const both = await upload(await workbookOf([[colleagues[0], '超级管理员']], headers), 'zh', headers);
    expect(both.body.code, JSON.stringify(both.body)).toBe(200);
    headers = await t.login({ username: colleagues[1], password: 'pw' });
    const [first, second] = [await workbookOf([[colleagues[0], '用户']], headers), await workbookOf([[colleagues[1], '用户']], headers)];
    const answers = await Promise.all([upload(first, 'zh', headers), upload(second, 'zh', headers)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.body.code === 400)!;
    expect(refused.body.data.errors[0].message).toMatch(/^导入后租户将没有管理员/);
  });
});

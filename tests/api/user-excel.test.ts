import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { deptIds } from '../support/add-user.js';
import { addTenant } from '../support/second-tenant.js';
import { BASIC, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let roleId: string;
let postId: string;
let topDept: string;

const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const tokenOf = (headers: Record<string, string>) => headers['blade-auth'].replace(/^bearer /, '');

function multipart(file: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: Buffer, opts: { isCovered?: string; headers?: Record<string, string>; lang?: string } = {}) {
  const body = multipart(file, opts.isCovered === undefined ? {} : { isCovered: opts.isCovered });
  return t.call({
    method: 'POST', url: '/api/blade-user/import-user', payload: body.payload,
    headers: { ...(opts.headers ?? a), 'content-type': body.contentType, 'accept-language': opts.lang ?? 'zh' },
  });
}

/** A download opened by the browser: token in the query, no header. */
async function download(url: string, query: Record<string, string>, headers = a) {
  const res = await t.app.inject({ method: 'GET', url, query: { 'blade-auth': tokenOf(headers), ...query } });
  return { status: res.statusCode, type: String(res.headers['content-type']), file: res.rawPayload };
}

async function sheetOf(file: Buffer): Promise<{ workbook: ExcelJS.Workbook; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return { workbook, rows };
}

async function toFile(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function addUser(values: Record<string, unknown>, headers = a): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers, payload: { name: 'nick', realName: 'real', password: 'pw', deptId: topDept, ...values } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

const page = async (query: Record<string, string>, headers = a) =>
  (await t.call({ method: 'GET', url: '/api/blade-user/page', headers, query: { size: '200', ...query } })).body.data.records as any[];

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  await addTenant(t.services, '000002', 'tenant-b-pw');
  b = await t.login({ tenantId: '000002', password: 'tenant-b-pw' });
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
  const posts = await t.services.system.repo.list(t.services.model('system/post'), systemContext(), { conditions: [], order: [] });
  postId = String(posts.find((p) => p.postCode === 'ceo')!.id);
  topDept = (await deptIds(t.services))['布雷德科技'];
});
afterAll(() => t?.close());

describe('export-template', () => {
  it('answers an empty workbook whose header is the schema labels in the request language, without the password', async () => {
    const zh = await download('/api/blade-user/export-template', {});
    expect(zh.status).toBe(200);
    expect(zh.type).toContain('spreadsheetml');
    const { rows } = await sheetOf(zh.file);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门', '所属岗位']));
    expect(rows[0]).not.toContain('密码');

    const en = await t.app.inject({ method: 'GET', url: '/blade-user/export-template', headers: { ...a, 'accept-language': 'en' } });
    expect((await sheetOf(en.rawPayload)).rows[0]).toEqual(expect.arrayContaining(['Account', 'Real name', 'Roles']));
  });
});

describe('export → import', () => {
  it('exports the filtered users with names, and the same file re-imported with isCovered=1 changes nothing', async () => {
    const tag = unique('xl');
    const dept = String((await t.call({ method: 'POST', url: '/api/blade-system/dept/submit', headers: a, payload: { deptName: `${tag}-dept`, fullName: 'x', parentId: '0', sort: 1, deptCategory: 2 } })).body.data.id);
    const ids = [
      await addUser({ account: `${tag}-1`, roleId, deptId: dept, postId, sex: 2, email: 'one@example.com', birthday: '1990-02-03 04:05:06', userType: 2 }),
      await addUser({ account: `${tag}-2`, roleId, deptId: dept }),
    ];
    const before = await page({ account: tag });

    const exported = await download('/api/blade-user/export-user', { account: tag });
    expect(exported.status).toBe(200);
    const { rows } = await sheetOf(exported.file);
    expect(rows).toHaveLength(3);
    const header = rows[0];
    const row1 = rows.find((r) => r.includes(`${tag}-1`))!;
    expect(row1[header.indexOf('所属角色')]).toBe('用户');
    expect(row1[header.indexOf('所属部门')]).toBe(`${tag}-dept`);
    expect(row1[header.indexOf('用户性别')]).toBe('女');
    expect(row1[header.indexOf('用户平台')]).toBe('APP');
    expect(exported.file.toString('latin1')).not.toContain('$argon2');

    const again = await upload(exported.file, { isCovered: '1' });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ code: 200, data: { inserted: 0, updated: 2 } });
    const after = await page({ account: tag });
    const strip = (r: any) => ({ ...r, updateTime: '', updateUser: '' });
    expect(after.map(strip)).toEqual(before.map(strip));
    expect(after.map((r) => r.id).sort()).toEqual(ids.sort());
    const rowsOfLinks = await t.services.system.repo.db.selectFrom('blade_user_dept').select('dept_id').where('user_id', '=', ids[0]).execute();
    expect(rowsOfLinks.map((r) => String(r.dept_id))).toEqual([dept]);

    const refused = await upload(exported.file, { isCovered: '0' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual(expect.arrayContaining([
      { row: 2, field: 'account', message: expect.stringMatching(/^当前用户 \[.+\] 已存在!$/) },
      { row: 3, field: 'account', message: expect.stringMatching(/^当前用户 \[.+\] 已存在!$/) },
    ]));
  });

  it('imports nothing when one row is bad, reports it with the schema message and offers the annotated workbook', async () => {
    const tag = unique('im');
    const template = await download('/api/blade-user/export-template', {});
    const { workbook, rows } = await sheetOf(template.file);
    const header = rows[0];
    const sheet = workbook.worksheets[0];
    const put = (r: number, label: string, value: string) => { sheet.getRow(r).getCell(header.indexOf(label) + 1).value = value; };
    for (const [r, realName] of [[2, 'ok one'], [3, ''], [4, 'ok three']] as const) {
      put(r, '登录账号', `${tag}-${r}`);
      put(r, '用户昵称', 'nick');
      put(r, '用户姓名', realName);
      put(r, '所属角色', '用户');
      put(r, '所属部门', '布雷德科技');
    }
    put(4, '用户生日', '1999/1/2');

    const res = await upload(await toFile(workbook), { isCovered: '0' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.data.errors).toEqual([{ row: 3, field: 'realName', message: '请输入用户姓名' }]);
    expect(res.body.msg).toContain('1');
    expect(await page({ account: tag })).toHaveLength(0);

    const report = await download(res.body.data.errorWorkbook.url, {});
    expect(report.status).toBe(200);
    const annotated = await sheetOf(report.file);
    const errorColumn = annotated.rows[0].indexOf('错误信息');
    expect(errorColumn).toBeGreaterThan(0);
    expect(annotated.rows[2][errorColumn]).toBe('请输入用户姓名');
    expect(annotated.rows[1][errorColumn] ?? '').toBe('');

    annotated.workbook.worksheets[0].getRow(3).getCell(header.indexOf('用户姓名') + 1).value = 'fixed';
    const fixed = await upload(await toFile(annotated.workbook));
    expect(fixed.body, JSON.stringify(fixed.body)).toMatchObject({ code: 200, data: { inserted: 3, updated: 0 } });
    const imported = await page({ account: tag });
    expect(imported.map((r) => r.realName).sort()).toEqual(['fixed', 'ok one', 'ok three']);
    expect(imported.find((r) => r.account === `${tag}-4`).birthday).toBe('1999-01-02 00:00:00');
    const signIn = await t.call({
      method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC },
      query: { tenantId: '000000', username: `${tag}-2`, password: md5Hex('123456'), grant_type: 'password', scope: 'all' },
    });
    expect(signIn.body.access_token).toBeTruthy();
  });

  it('reports unknown names, bad dates and accounts repeated in the file', async () => {
    const tag = unique('bad');
    const { workbook, rows } = await sheetOf((await download('/api/blade-user/export-template', {})).file);
    const header = rows[0];
    const sheet = workbook.worksheets[0];
    const row = (r: number, values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) sheet.getRow(r).getCell(header.indexOf(label) + 1).value = value;
    };
    const valid = { 用户昵称: 'n', 用户姓名: 'rn', 所属角色: '用户', 所属部门: '布雷德科技' };
    row(2, { ...valid, 登录账号: `${tag}-1`, 所属部门: 'no such dept' });
    row(3, { ...valid, 登录账号: `${tag}-1`, 用户生日: '2020-13-40' });
    row(4, { ...valid, 登录账号: `${tag}-3`, 用户性别: '不知道' });
    const res = await upload(await toFile(workbook), { lang: 'en' });
    expect(res.status).toBe(400);
    const byRow = (r: number) => res.body.data.errors.filter((e: any) => e.row === r).map((e: any) => e.field).sort();
    expect(byRow(2)).toEqual(['deptId']);
    expect(byRow(3)).toEqual(['account', 'birthday']);
    expect(byRow(4)).toEqual(['sex']);
    expect(res.body.data.errors.find((e: any) => e.field === 'deptId').message).toContain('no such dept');
  });

  it('refuses what is no .xlsx upload, a file over 10 MB (the workbook upload limit of every import) and a sheet without the required columns', async () => {
    const notMultipart = await t.call({ method: 'POST', url: '/api/blade-user/import-user', headers: a, payload: { isCovered: 1 } });
    expect(notMultipart.status).toBe(400);
    expect((await upload(Buffer.from('plain text'))).body.msg).toBe('无法读取上传的文件,请上传 .xlsx 标准格式文件');
    const big = await upload(randomBytes(10 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('上传文件大小不能超过 10MB');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['登录账号']);
    const missing = await upload(await toFile(workbook));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('用户昵称');
  });
});

describe('another tenant', () => {
  it('exports only its own users, cannot link rows of tenant A, and cannot fetch A\'s error report', async () => {
    const tag = unique('ten');
    await addUser({ account: `${tag}-a`, roleId });
    const exported = await download('/api/blade-user/export-user', {}, b);
    expect(exported.status).toBe(200);
    const { rows: exportedRows } = await sheetOf(exported.file);
    expect(exportedRows).toHaveLength(2);
    expect(exportedRows[1]).toContain('B admin');

    const { workbook, rows } = await sheetOf((await download('/api/blade-user/export-template', {}, b)).file);
    const header = rows[0];
    const line = workbook.worksheets[0].getRow(2);
    line.getCell(header.indexOf('登录账号') + 1).value = `${tag}-b`;
    line.getCell(header.indexOf('用户昵称') + 1).value = 'n';
    line.getCell(header.indexOf('用户姓名') + 1).value = 'rn';
    line.getCell(header.indexOf('所属角色') + 1).value = roleId;
    const [deptOfB] = await t.services.system.repo.list(t.services.model('system/dept'), systemContext('000002'), { conditions: [], order: [] });
    line.getCell(header.indexOf('所属部门') + 1).value = String(deptOfB.id);
    line.getCell(header.indexOf('所属岗位') + 1).value = '首席执行官';
    const res = await upload(await toFile(workbook), { headers: b });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.map((e: any) => e.field).sort()).toEqual(['postId', 'roleId']);

    line.getCell(header.indexOf('用户姓名') + 1).value = '';
    const mine = await upload(await toFile(workbook), { headers: a });
    expect(mine.status).toBe(400);
    const stolen = await download(mine.body.data.errorWorkbook.url, {}, b);
    expect(stolen.status).toBe(404);
  });
});

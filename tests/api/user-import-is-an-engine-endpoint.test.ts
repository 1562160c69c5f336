/**
 * The user schema declares BladeX import-user (x-api kind `import`) and the download of a
 * rejected import's annotated workbook (kind `import-errors`): the engine serves both over
 * the users' import kind, with the hand routes' answers: user administrators only, refused
 * before the upload is read; the 400 listing the rows, `msg` before `data`; the workbook
 * named by the schema, token in the query, 404 in the user's words once gone.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignInUser } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENGINE_SERVED = [
  ['POST', '/api/blade-user/import-user'],
  ['POST', '/blade-user/import-user'],
  ['GET', '/api/blade-user/import-errors'],
  ['GET', '/blade-user/import-errors'],
] as const;

function upload(file?: Buffer) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n0\r\n`)];
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A sheet with the required columns and one row without its real name. */
async function badWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门', '用户平台']);
  sheet.addRow([`engine-${randomBytes(3).toString('hex')}`, 'nick', '', '用户', '布雷德科技', 'WEB']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('user import-user and import-errors are engine endpoints', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const tokenOf = (headers: Record<string, string>) => headers['blade-auth'].replace(/^bearer /, '');
  const post = (headers: Record<string, string>, body: ReturnType<typeof upload>) =>
    t.app.inject({ method: 'POST', url: '/api/blade-user/import-user', payload: body.payload, headers: { ...headers, 'content-type': body.contentType, 'accept-language': 'en' } });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('declares both as engine routes, under /api and bare', () => {
    for (const [method, url] of ENGINE_SERVED) {
      expect(t.routes.find((r) => r.method === method && r.url === url)?.servedBy, `${method} ${url}`).toBe('engine');
    }
  });

  it('refuses a caller who is no user administrator before reading the upload', async () => {
    await addSignInUser(t.services, { account: 'engine-import-plain', password: 'plain-pw' });
    const plain = await t.login({ username: 'engine-import-plain', password: 'plain-pw' });
    const res = await post(plain, upload());
    expect(res.statusCode).toBe(403);
    const missing = await post(admin, upload());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).not.toBe(res.json().msg);
  });

  it('answers a rejected import with msg before data, and its workbook at the schema\'s import-errors endpoint', async () => {
    const res = await post(admin, upload(await badWorkbook()));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['code', 'success', 'msg', 'data']);
    const { errors, errorCount, errorWorkbook } = res.json().data;
    expect(errors).toEqual([{ row: 2, field: 'realName', message: expect.any(String) }]);
    expect(errorCount).toBe(1);
    expect(errorWorkbook.url).toBe(`/api/blade-user/import-errors?id=${errorWorkbook.id}`);

    const report = await t.app.inject({ method: 'GET', url: errorWorkbook.url, query: { 'blade-auth': tokenOf(admin) }, headers: { 'accept-language': 'en' } });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(report.headers['content-disposition']).toMatch(/^attachment; filename="user-import-errors\.xlsx"; filename\*=UTF-8''/);

    const gone = await t.app.inject({ method: 'GET', url: '/api/blade-user/import-errors', query: { id: '0'.repeat(32), 'blade-auth': tokenOf(admin) } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, success: false, data: {} });
    expect(gone.json().msg).not.toBe((await t.call({ method: 'GET', url: '/api/blade-user/no-such-endpoint', headers: admin })).body.msg);
  });
});

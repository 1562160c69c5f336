import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { jobWorkbook, waitForJob, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const tag = `j${randomBytes(3).toString('hex')}`;
const ROWS = 1_100;

type UserLine = { account: string; realName?: string; role?: string };

/** A user workbook with the header of the job's template (zh labels). */
async function userWorkbook(lines: UserLine[]): Promise<Buffer> {
  const template = await t.app.inject({ method: 'GET', url: '/api/atrium/jobs/template', query: { model: 'system/user' }, headers: admin });
  expect(template.statusCode, template.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  lines.forEach((line, i) => {
    const row = sheet.getRow(i + 2);
    const put = (label: string, value: string) => { row.getCell(header.indexOf(label)).value = value; };
    put('登录账号', line.account);
    put('用户昵称', line.account);
    put('用户姓名', line.realName ?? '导入的人');
    put('所属角色', line.role ?? '用户');
    put('所属部门', '布雷德科技');
    put('用户平台', 'WEB');
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function startUserImport(file: Buffer, opts: { isCovered: boolean; headers?: Headers }): Promise<{ status: number; body: any }> {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n${opts.isCovered ? 1 : 0}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST', url: '/api/atrium/jobs/import', query: { model: 'system/user' }, payload,
    headers: { ...(opts.headers ?? admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function importUsers(lines: UserLine[], isCovered: boolean): Promise<any> {
  const started = await startUserImport(await userWorkbook(lines), { isCovered });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return waitForJob(t, admin, started.body.data.id);
}

const user = async (account: string) =>
  (await sql<{ real_name: string; role_id: string }>`select real_name, role_id from blade_user where tenant_id = '000000' and is_deleted = 0 and account = ${account}`
    .execute(t.services.system.database.db)).rows;

const roleId = async (alias: string) =>
  String((await sql<{ id: string }>`select id from blade_role where tenant_id = '000000' and is_deleted = 0 and role_alias = ${alias}`.execute(t.services.system.database.db)).rows[0].id);

const opens = async (headers: Headers) => (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers })).status === 200;

describe('user import as a background job', () => {
  it('writes the good rows of two batches, refuses each bad one with its reason, and new accounts sign in with the initial password', async () => {
    // 1-based data rows made bad: a rule of the form, an unknown role, an account repeated in the next batch, an account taken.
    const bad: Record<number, UserLine> = {
      4: { account: `${tag}u4`, realName: 'x' },
      7: { account: `${tag}u7`, role: '不存在的角色' },
      650: { account: `${tag}u2` },
      900: { account: 'admin' },
    };
    const lines = Array.from({ length: ROWS }, (_, i) => bad[i + 1] ?? { account: `${tag}u${i + 1}` });
    const job = await importUsers(lines, false);
    expect(job).toMatchObject({ state: 'done', total: ROWS, done: ROWS, written: ROWS - 4, failed: 4, hasFile: true });

    const count = await sql<{ n: string }>`select count(*) as n from blade_user where tenant_id = '000000' and is_deleted = 0 and account like ${`${tag}u%`}`.execute(t.services.system.database.db);
    expect(Number(count.rows[0].n)).toBe(ROWS - 4);
    expect(await user(`${tag}u4`)).toEqual([]);
    expect(await user(`${tag}u2`)).toHaveLength(1);

    const errors = await jobWorkbook(t, admin, job.id);
    expect(errors[0][0]).toBe('行号');
    expect(errors[0].at(-1)).toBe('错误原因');
    const reasons = new Map(errors.slice(1).map((r) => [Number(r[0]), String(r.at(-1))]));
    expect([...reasons.keys()]).toEqual([5, 8, 651, 901]);
    expect(reasons.get(5)).toContain('姓名长度在2到10个字符');
    expect(reasons.get(8)).toContain('[不存在的角色] 不存在或不属于当前租户');
    expect(reasons.get(651)).toContain(`登录账号 [${tag}u2] 在文件中重复出现`);
    expect(reasons.get(901)).toContain('当前用户 [admin] 已存在!');

    expect(await opens(await t.login({ username: `${tag}u1`, password: '123456' }))).toBe(true);
    expect((await user('admin'))[0].real_name).not.toBe('导入的人');
  }, 300_000);

  it('is refused to a user who is not a user administrator, before any job exists', async () => {
    const headers = await t.login({ username: `${tag}u1`, password: '123456' });
    const res = await startUserImport(await userWorkbook([{ account: `${tag}none` }]), { isCovered: false, headers });
    expect(res.status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers })).body.data).toEqual([]);
  });

  it('with cover, updates existing accounts and refuses the row that would leave the tenant without an administrator', async () => {
    const job = await importUsers([{ account: 'admin', role: '用户' }, { account: `${tag}u3`, realName: '改过的人' }], true);
    expect(job).toMatchObject({ state: 'done', written: 1, failed: 1 });
    const errors = await jobWorkbook(t, admin, job.id);
    expect(errors.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([[2, '导入后租户将没有管理员: 不能取消 [admin] 的管理员角色']]);
    expect((await user('admin'))[0].role_id).toBe(await roleId('administrator'));
    expect((await user(`${tag}u3`))[0].real_name).toBe('改过的人');
    expect(await opens(admin)).toBe(true);
  }, 120_000);

  it('with cover, accepts a batch that leaves another administrator whatever the order of its rows, and ends the sessions of the users whose roles changed', async () => {
    const successor = `${tag}u5`;
    const successorBefore = await t.login({ username: successor, password: '123456' });
    const started = await startUserImport(await userWorkbook([{ account: 'admin', role: '用户' }, { account: successor, role: '超级管理员' }]), { isCovered: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The administrator's session ends when the batch commits: from then on the successor, an administrator now, follows the job.
    let headers = admin;
    let job: any;
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const res = await t.call({ method: 'GET', url: `/api/atrium/jobs/${started.body.data.id}`, headers });
      if (res.status === 401) { headers = await t.login({ username: successor, password: '123456' }); continue; }
      job = res.body.data;
      if (!['queued', 'running'].includes(job.state)) break;
    }
    // A failed job keeps its cause for the operator (error_params), printed here should it fail.
    const row = job?.state === 'done' ? undefined : (await sql`select state, attempts, error_key, error_params from atrium_job where id = ${started.body.data.id}`.execute(t.services.system.database.db)).rows[0];
    expect(job, JSON.stringify({ job, row })).toMatchObject({ state: 'done', written: 2, failed: 0, hasFile: false });
    expect((await user('admin'))[0].role_id).toBe(await roleId('user'));
    expect((await user(successor))[0].role_id).toBe(await roleId('administrator'));
    expect(await opens(admin)).toBe(false);
    expect(await opens(successorBefore)).toBe(false);
    expect(await opens(await t.login({ username: successor, password: '123456' }))).toBe(true);
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds } from '../support/add-user.js';
import { jobWorkbook, waitForJob, type Headers } from '../support/jobs.js';
import { withSignedInApp } from '../support/signed-in-app.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Headers;
withSignedInApp((app, headers) => { t = app; admin = headers; });

const tag = `ux${randomBytes(3).toString('hex')}`;

async function addUser(values: Record<string, unknown>): Promise<void> {
  const res = await t.call({ method: 'POST', url: '/api/blade-user/submit', headers: admin, payload: { name: 'nick', realName: 'real', password: 'pw', ...values } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
}

async function rowsOf(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The synchronous spec route, as the browser opens it. */
async function exportUser(query: Record<string, string>): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/blade-user/export-user', headers: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return rowsOf(res.rawPayload);
}

async function exportJob(query: Record<string, string>, headers = admin) {
  return t.call({ method: 'POST', url: '/api/atrium/jobs/export', headers, payload: { model: 'system/user', query } });
}

describe('user export as a background job', () => {
  it("gives the synchronous export-user's workbook for the same filters and department: its columns, names of roles and departments, dictionary texts", async () => {
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
    const top = (await deptIds(t.services))['布雷德科技'];
    const dept = String((await t.call({ method: 'POST', url: '/api/blade-system/dept/submit', headers: admin, payload: { deptName: `${tag}-dept`, fullName: 'x', parentId: top, sort: 1, deptCategory: 2 } })).body.data.id);
    await addUser({ account: `${tag}-1`, roleId, deptId: dept, sex: 2, userType: 2 });
    await addUser({ account: `${tag}-2`, roleId, deptId: dept });
    await addUser({ account: `${tag}-3`, roleId, deptId: top });

    const queries: Record<string, string>[] = [{ account: `${tag}-1` }, { deptId: dept }, { deptId: top }, {}];
    for (const query of queries) {
      const started = await exportJob(query);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.data.fileName).toBe('用户数据导出');
      const job = await waitForJob(t, admin, started.body.data.id);
      expect(job, JSON.stringify(query)).toMatchObject({ state: 'done', hasFile: true });
      const rows = await jobWorkbook(t, admin, job.id);
      expect(rows, JSON.stringify(query)).toEqual(await exportUser(query));
      expect(job.total).toBe(rows.length - 1);
    }

    const inDept = await jobWorkbook(t, admin, (await waitForJob(t, admin, (await exportJob({ deptId: dept })).body.data.id)).id);
    const header = inDept[0];
    expect(header).toEqual(expect.arrayContaining(['登录账号', '所属角色', '所属部门', '用户性别', '用户平台']));
    expect(header).not.toContain('密码');
    expect(inDept.slice(1).map((r) => r[header.indexOf('登录账号')]).sort()).toEqual([`${tag}-1`, `${tag}-2`]);
    const one = inDept.find((r) => r.includes(`${tag}-1`))!;
    expect([one[header.indexOf('所属角色')], one[header.indexOf('所属部门')], one[header.indexOf('用户性别')], one[header.indexOf('用户平台')]]).toEqual(['用户', `${tag}-dept`, '女', 'APP']);
  });

  it('is refused to a user who is not a user administrator, and a bad department is a 400, before any job exists', async () => {
    const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
    const roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
    await addUser({ account: `${tag}-plain`, roleId, deptId: (await deptIds(t.services))['布雷德科技'] });
    const plain = await t.login({ username: `${tag}-plain`, password: 'pw' });
    expect((await exportJob({}, plain)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/atrium/jobs', headers: plain })).body.data).toEqual([]);
    expect((await exportJob({ deptId: 'x' })).status).toBe(400);
  });
});

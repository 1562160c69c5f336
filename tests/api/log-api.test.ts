import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { paramsText } from '../../src/server/modules/log/mask-params.js';
import { addRoleAndUser, deptIds, grantMenus } from '../support/add-user.js';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

const flush = () => logWriterOf(t.services)!.flush();

async function apiLogs(headers: Record<string, string>, query: Record<string, string> = {}) {
  await flush();
  const res = await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers, query: { size: '200', ...query } });
  expect(res.body.code).toBe(200);
  return res.body.data.records as Record<string, any>[];
}

function submitParam(headers: Record<string, string>, key: string, extra: Record<string, unknown> = {}) {
  return t.call({ method: 'POST', url: '/api/blade-system/param/submit', headers, payload: { paramName: key, paramKey: key, paramValue: 'v', ...extra } });
}

describe('API logs', () => {
  it('record a submit with the caller, the time taken and every secret masked, nested ones too', async () => {
    const res = await t.call({
      method: 'POST', url: '/api/blade-system/client/submit', headers: { ...a, 'user-agent': 'log-test-agent' },
      query: { access_token: 'query-token-value' },
      payload: {
        clientId: 'log-masking', clientSecret: 'client-secret-value', scope: 'all', authorizedGrantTypes: 'password',
        accessTokenValidity: 3600, refreshTokenValidity: 7200,
        extra: { nested: [{ NewPassword1: 'nested-password-value', Authorization: 'Basic abc' }], note: 'bearer xyz.abc' },
      },
    });
    expect(res.body.code).toBe(200);
    const [log] = await apiLogs(a, { requestUri: '/api/blade-system/client/submit' });
    expect(log).toMatchObject({
      method: 'POST', requestUri: '/api/blade-system/client/submit', title: '应用管理新增或修改', type: '1',
      createBy: 'admin', tenantId: '000000', userAgent: 'log-test-agent', serviceId: 'atrium',
      serverHost: hostname(), env: 'dev', methodClass: 'system/client', methodName: 'submit',
    });
    expect(log.serverIp).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(log.remoteIp).not.toBe('');
    expect(log.time).toBeGreaterThanOrEqual(0);
    expect(log.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const params = JSON.parse(log.params);
    expect(params.body.clientId).toBe('log-masking');
    expect(params.body.clientSecret).toBe('******');
    expect(params.body.extra.nested[0]).toEqual({ NewPassword1: '******', Authorization: '******' });
    expect(params.query.access_token).toBe('******');
    for (const secret of ['client-secret-value', 'nested-password-value', 'query-token-value', 'xyz.abc']) expect(log.params).not.toContain(secret);
  });

  it('record a sign-in in the tenant it is for, with the password masked', async () => {
    const logs = await apiLogs(b, { requestUri: '/api/blade-auth/oauth/token' });
    expect(logs.length).toBeGreaterThan(0);
    const params = JSON.parse(logs[0].params);
    expect(params.query).toMatchObject({ tenantId: '000001', username: 'admin', password: '******' });
    expect(logs[0]).toMatchObject({ tenantId: '000001', createBy: '' });
  });

  it('summarize an upload instead of storing the file', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('file-content-never-logged'))]), 'secret.txt');
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    await t.call({ method: 'POST', url: '/api/blade-log/error/client', headers: { ...a, 'content-type': encoded.headers.get('content-type')! }, payload });
    const [log] = await apiLogs(a, { requestUri: '/api/blade-log/error/client' });
    expect(JSON.parse(log.params)).toEqual({ body: '[multipart]' });
  });

  it('leave reads out unless their schema marks them', async () => {
    await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: a });
    expect(await apiLogs(a, { requestUri: '/api/blade-system/param/list' })).toEqual([]);
  });

  it('are tenant-scoped: tenant B sees none of A\'s rows and cannot read one', async () => {
    // Tenant B writes its own rows (parameters are platform-wide, written by the platform administrator only).
    const post = await t.call({ method: 'POST', url: '/api/blade-system/post/submit', headers: b, payload: { category: 4, postCode: 'log.tenant.b', postName: 'b', sort: 1 } });
    expect(post.body.code).toBe(200);
    expect((await submitParam(a, 'log.tenant.a')).body.code).toBe(200);
    const ofB = await apiLogs(b);
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.every((r) => r.tenantId === '000001')).toBe(true);
    expect(ofB.some((r) => r.params.includes('log.tenant.b'))).toBe(true);
    expect(ofB.some((r) => r.params.includes('log.tenant.a'))).toBe(false);

    const ofA = await apiLogs(a, { requestUri: '/api/blade-system/param/submit' });
    const rowOfA = ofA.find((r) => r.params.includes('log.tenant.a'))!;
    expect(ofA.some((r) => r.params.includes('log.tenant.b'))).toBe(false);
    const read = await t.call({ method: 'GET', url: '/api/blade-log/api/detail', headers: b, query: { id: rowOfA.id } });
    expect(read.status).toBe(404);
    const own = await t.call({ method: 'GET', url: '/api/blade-log/api/detail', headers: a, query: { id: rowOfA.id } });
    expect(own.body.data).toMatchObject({ id: rowOfA.id, requestUri: '/api/blade-system/param/submit' });
  });

  it('are read by administrators only, as BladeX\'s HAS_ROLE_ADMIN has it', async () => {
    const depts = await deptIds(t.services);
    const { roleId } = await addRoleAndUser(t.services, { roleAlias: 'clerk', account: 'log-clerk', password: 'clerk-pw', deptId: depts['布雷德科技'] });
    await grantMenus(t.services, roleId, ['monitor', 'log', 'log_api', 'log_error', 'log_usual']);
    const clerk = await t.login({ username: 'log-clerk', password: 'clerk-pw' });
    const [row] = await apiLogs(a);
    for (const kind of ['api', 'error', 'usual']) {
      const list = await t.call({ method: 'GET', url: `/api/blade-log/${kind}/list`, headers: clerk });
      expect(list.body.data.total, kind).toBe(0);
    }
    expect((await t.call({ method: 'GET', url: '/api/blade-log/api/detail', headers: clerk, query: { id: row.id } })).status).toBe(404);
  });

  it('list newest first and search by uri, method, title and time range', async () => {
    for (const key of ['log.order.1', 'log.order.2', 'log.order.3']) await submitParam(a, key);
    await t.call({ method: 'POST', url: '/api/blade-system/param/remove', headers: a, query: { ids: '1' } });

    const logs = await apiLogs(a, { requestUri: 'param/submit', method: 'POST' });
    const order = logs.filter((r) => r.params.includes('log.order.')).map((r) => JSON.parse(r.params).body.paramKey);
    expect(order).toEqual(['log.order.3', 'log.order.2', 'log.order.1']);
    const ids = logs.map((r) => BigInt(r.id));
    expect(ids).toEqual([...ids].sort((x, y) => (y > x ? 1 : y < x ? -1 : 0)));
    const times = logs.map((r) => r.createTime as string);
    expect(times).toEqual([...times].sort().reverse());

    expect((await apiLogs(a, { title: '参数管理删除' })).map((r) => r.requestUri)).toEqual(['/api/blade-system/param/remove']);
    expect(await apiLogs(a, { method: 'GET' })).toEqual([]);
    const since = (await apiLogs(a, { requestUri: 'param/submit', createTime_dategt: '2000-01-01 00:00:00' })).length;
    expect(since).toBe(logs.length);
    expect(await apiLogs(a, { requestUri: 'param/submit', createTime_datelt: '2000-01-01 00:00:00' })).toEqual([]);
  });

  it('answer the page shape with a total that follows new rows', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers: a })).body.data.total;
    await submitParam(a, 'log.total');
    await flush();
    const after = (await t.call({ method: 'GET', url: '/api/blade-log/api/list', headers: a })).body.data;
    expect(Object.keys(after).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(after.total).toBe(before + 1);
  });
});

describe('stored params', () => {
  it('summarize parsed multipart parts, bound long values and mask credentials given as values', () => {
    const part = { type: 'file', fieldname: 'file', filename: 'a.png', mimetype: 'image/png', file: { bytesRead: 12, pipe: () => undefined }, toBuffer: () => undefined };
    const field = { type: 'field', fieldname: 'code', value: 'minio', mimetype: 'text/plain' };
    const text = paramsText({ query: {}, body: { file: part, code: field, bytes: Buffer.alloc(5), long: 'x'.repeat(5000), auth: 'Bearer abc.def' } });
    expect(JSON.parse(text).body).toEqual({
      file: { file: 'a.png', mimetype: 'image/png', bytes: 12 }, code: 'minio', bytes: '[binary 5 bytes]',
      long: `${'x'.repeat(1000)}…(+4000 chars)`, auth: '******',
    });
    expect(paramsText({ query: { a: Array.from({ length: 60 }, (_, i) => i) }, body: undefined })).toContain('…(+10 items)');
    expect(paramsText({ query: {}, body: { big: 'y'.repeat(900), list: Array.from({ length: 50 }, () => 'z'.repeat(900)) } }).length).toBeLessThan(8100);
    expect(paramsText({ query: {}, body: undefined })).toBe('');
  });
});

describe('log screens', () => {
  it('are menus under 系统监控/日志管理 with a view button only', async () => {
    const buttons = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons', headers: a })).body.data);
    for (const code of ['log_usual', 'log_api', 'log_error']) {
      expect(buttons).toContain(`"${code}_view"`);
      for (const action of ['add', 'edit', 'delete']) expect(buttons).not.toContain(`"${code}_${action}"`);
    }
    const routes = JSON.stringify((await t.call({ method: 'GET', url: '/api/blade-system/menu/routes', headers: a })).body.data);
    for (const path of ['/monitor', '/monitor/log', '/monitor/log/usual', '/monitor/log/api', '/monitor/log/error']) expect(routes).toContain(`"${path}"`);
  });

  it('offer no writes', async () => {
    for (const kind of ['usual', 'api', 'error']) {
      const res = await t.call({ method: 'POST', url: `/api/blade-log/${kind}/submit`, headers: a, payload: {} });
      expect(res.status, kind).toBe(404);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';
import { BASIC } from '../support/test-app.js';

/* Three real server processes on one PostgreSQL database, one Redis and one DATA_DIR,
   as README "Run several processes" says; only in the PostgreSQL + Redis run. */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const ADMIN_PASSWORD = 'several-processes-admin';

let servers: ServerProcess[] = [];
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir = '';

beforeAll(async () => {
  if (!shared) return;
  database = await createTestDatabase(process.env.DATABASE_URL!);
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-several-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD, SCHEMA_RELOAD_INTERVAL_MS: '200' };
  // The first start creates the tables and seeds; the others then start side by side.
  servers = [await startServerProcess(env)];
  servers.push(...await Promise.all([startServerProcess(env), startServerProcess(env)]));
}, 240_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const url = (server: ServerProcess, path: string, query: Record<string, string> = {}) =>
  `http://127.0.0.1:${server.port}${path}?${new URLSearchParams(query)}`;

async function call(server: ServerProcess, method: 'GET' | 'POST', path: string, opts: { token?: string; query?: Record<string, string>; body?: object } = {}) {
  const headers: Record<string, string> = { authorization: BASIC, 'tenant-id': '000000' };
  if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
  if (opts.body) headers['content-type'] = 'application/json';
  const res = await fetch(url(server, path, opts.query), { method, headers, body: opts.body && JSON.stringify(opts.body) });
  return { status: res.status, body: await res.json() as Record<string, any> };
}

const signIn = (server: ServerProcess, username: string, password: string) => call(server, 'POST', '/api/blade-auth/oauth/token', {
  query: { tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' },
});

async function token(server: ServerProcess, username: string, password: string): Promise<string> {
  const res = await signIn(server, username, password);
  expect(res.body.access_token, JSON.stringify(res.body)).toBeTruthy();
  return String(res.body.access_token);
}

const opens = async (server: ServerProcess, accessToken: string) =>
  (await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: accessToken })).status === 200;

/** Polls every process until none accepts the token; answers how long that took (ms). */
async function refusedEverywhereWithin(accessToken: string, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const open = await Promise.all(servers.map((s) => opens(s, accessToken)));
    if (!open.includes(true)) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still accepted by ${open.map((o, i) => o ? i : -1).filter((i) => i >= 0)} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A new user of the demo account hr's role and department, created through process `server`. */
async function newUser(server: ServerProcess, adminToken: string, password: string): Promise<{ account: string; id: string }> {
  const [hr] = (await call(server, 'GET', '/api/blade-user/list', { token: adminToken, query: { account_equal: 'hr' } })).body.data.records;
  const account = `mp${randomBytes(4).toString('hex')}`;
  const created = await call(server, 'POST', '/api/blade-user/submit', {
    token: adminToken, body: { account, name: account, realName: account, password, userType: 1, roleId: hr.roleId, deptId: hr.deptId },
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(200);
  const [row] = (await call(server, 'GET', '/api/blade-user/list', { token: adminToken, query: { account_equal: account } })).body.data.records;
  return { account, id: String(row.id) };
}

describe.skipIf(!shared)('several processes on one database and one Redis', () => {
  it('accepts a token signed in on one process on every other', async () => {
    const accessToken = await token(servers[0], 'admin', ADMIN_PASSWORD);
    for (const server of servers) {
      const res = await call(server, 'GET', '/api/blade-system/param/list', { token: accessToken });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('refuses a token on every process within 1 s of its logout on one', async () => {
    const accessToken = await token(servers[1], 'admin', ADMIN_PASSWORD);
    expect(await Promise.all(servers.map((s) => opens(s, accessToken)))).toEqual([true, true, true]);
    expect((await call(servers[2], 'GET', '/api/blade-auth/oauth/logout', { token: accessToken })).status).toBe(200);
    expect(await refusedEverywhereWithin(accessToken, 1000)).toBeLessThan(1000);
  });

  // A submit's status is the server's since issue 29 (docs/decisions/0059): the change that ends
  // the user's sessions here is one to what the token was earned with, its account name.
  it('refuses a user\'s token on every process within 1 s of a change to the account it was earned with', async () => {
    const admin = await token(servers[0], 'admin', ADMIN_PASSWORD);
    const user = await newUser(servers[0], admin, 'user-pw-1');
    const userToken = await token(servers[1], user.account, 'user-pw-1');
    expect(await Promise.all(servers.map((s) => opens(s, userToken)))).toEqual([true, true, true]);
    const detail = (await call(servers[2], 'GET', '/api/blade-user/detail', { token: admin, query: { id: user.id } })).body.data;
    const disabled = await call(servers[2], 'POST', '/api/blade-user/update', { token: admin, body: { ...detail, account: `${detail.account}x` } });
    expect(disabled.body.code, JSON.stringify(disabled.body)).toBe(200);
    expect(await refusedEverywhereWithin(userToken, 1000)).toBeLessThan(1000);
  });

  it('counts failed sign-ins of one account across processes toward one lockout', async () => {
    const admin = await token(servers[0], 'admin', ADMIN_PASSWORD);
    const user = await newUser(servers[0], admin, 'user-pw-2');
    // account.failCount is 5: two wrong passwords on the first process, two on the second, one on the third.
    for (const server of [servers[0], servers[0], servers[1], servers[1], servers[2]]) {
      expect((await signIn(server, user.account, 'wrong')).body.error_description).toBe('用户名或密码不正确');
    }
    for (const server of servers) {
      const locked = await signIn(server, user.account, 'user-pw-2');
      expect(locked.body).toMatchObject({ code: 400, msg: '登录错误次数过多,请稍后再试' });
      expect(locked.body.access_token).toBeUndefined();
    }
  });

  it('serves a list total cached on one process anew after a write on another', async () => {
    const admin = await token(servers[0], 'admin', ADMIN_PASSWORD);
    const total = async (server: ServerProcess) =>
      Number((await call(server, 'GET', '/api/blade-system/param/list', { token: admin, query: { paramName: 'several' } })).body.data.total);
    const before = await total(servers[1]);
    expect(await total(servers[1])).toBe(before);
    const key = `several.${randomBytes(4).toString('hex')}`;
    const saved = await call(servers[0], 'POST', '/api/blade-system/param/submit', { token: admin, body: { paramName: 'several processes', paramKey: key, paramValue: '1' } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(await total(servers[1])).toBe(before + 1);
    expect(await total(servers[2])).toBe(before + 1);
  });

  it('serves a schema the code generator wrote on one process from every process', async () => {
    const admin = await token(servers[0], 'admin', ADMIN_PASSWORD);
    const table = `cg_shelf_${randomBytes(3).toString('hex')}`;
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    await client.query(`create table ${table} (id bigint primary key, title varchar(64) not null)`);
    await client.query(`insert into ${table} values (7, 'Dune')`);
    await client.end();
    const post = async (server: ServerProcess, path: string, body?: object, query?: Record<string, string>) => {
      const res = await call(server, 'POST', path, { token: admin, body, query });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const source = (await post(servers[0], '/api/blade-develop/datasource/submit', { name: `main ${table}`, driverClass: 'embedded', url: 'embedded' })).data.id;
    const model = (await post(servers[0], '/api/blade-develop/model/submit', { datasourceId: source, modelTable: table, modelClass: 'Shelf', modelName: table, modelCode: table })).data.id;
    const code = (await post(servers[0], '/api/blade-develop/code/submit', {
      modelId: model, codeName: '书架', serviceName: 'blade-multi', tableName: table, tablePrefix: 'cg_', packageName: 'org.springblade.multi',
    })).data.id;
    const api = `/api/blade-multi/${table.replace(/^cg_/, '').replace(/_/g, '-')}`;
    expect((await call(servers[1], 'GET', `${api}/list`, { token: admin })).status).toBe(404);
    await post(servers[0], '/api/blade-develop/code/gen-code', undefined, { ids: code });
    expect((await call(servers[0], 'GET', `${api}/list`, { token: admin })).body.data.records.map((r: any) => r.title)).toEqual(['Dune']);
    const started = Date.now();
    for (const server of servers.slice(1)) {
      for (;;) {
        const list = await call(server, 'GET', `${api}/list`, { token: admin });
        if (list.status === 200) {
          expect(list.body.data.records.map((r: any) => r.title)).toEqual(['Dune']);
          break;
        }
        expect(list.status).toBe(404);
        expect(Date.now() - started).toBeLessThan(5000);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await post(servers[2], `${api}/submit`, { id: '7', title: 'Dune Messiah' });
    expect((await call(servers[0], 'GET', `${api}/detail`, { token: admin, query: { id: '7' } })).body.data.title).toBe('Dune Messiah');
    expect(servers[1].output()).toContain('schema reloaded from another process');
  });
});

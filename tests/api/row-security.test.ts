/**
 * Row-level security on PostgreSQL (ROW_SECURITY=on): the second wall
 * behind the engine's tenant filter. A route of the test issues SQL with no tenant filter
 * through the app's own database handle; the database answers the caller's rows only.
 * Skipped on the embedded database (no row security there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { syncTenantPolicies } from '../../src/server/db/row-security-ddl.js';
import { tenantTablesOf } from '../../src/server/db/sync-tables.js';
import { withTenant } from '../../src/server/db/tenant-scope.js';
import { FLOW_TENANT_TABLES } from '../../src/server/modules/flow/flow-tables.js';
import { WAGE_ROLLUP_TABLES, wageRollupSettled } from '../../src/server/modules/report/wage-rollup-install.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { addTenant } from '../support/second-tenant.js';
import { ADMIN_PASSWORD, BASIC } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const B = '000001';
const B_PASSWORD = 'tenant-b-pw';

/** Tables with a tenant_id column that are not one tenant's rows (so carry no policy), and why. */
const NOT_TENANT_ROWS: Record<string, string> = {
  blade_tenant: 'the tenants themselves: one row per tenant, read by sign-in and the platform administrator',
  atrium_tenant_database: 'where each tenant with a database of its own lives: one row per such tenant, read by every process at start',
};

let built: BuiltApp;
let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let a: Record<string, string>;
let b: Record<string, string>;

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, query: Record<string, string> = {}) {
  const res = await built.app.inject({ method, url, headers, query });
  return JSON.parse(res.body);
}

async function login(tenantId: string, password: string): Promise<Record<string, string>> {
  const query = { tenantId, username: 'admin', password: md5Hex(password), grant_type: 'password', scope: 'all' };
  const body = await call('POST', '/api/blade-auth/oauth/token', { authorization: BASIC, 'tenant-id': tenantId }, query);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-rls-'));
  database = await createTestDatabase(process.env.DATABASE_URL!);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_REGIONS: 'false', ROW_SECURITY: 'on' },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
  built = await buildApp(config);
  const db = built.services.system.database.db;
  // A careless module: raw SQL through the app's handle, no tenant condition anywhere.
  built.app.get('/api/test-rls/posts', async () => {
    const { rows } = await sql<{ tenant_id: string }>`select tenant_id from blade_post`.execute(db);
    const who = await sql<{ role: string }>`select current_user as role`.execute(db);
    return { tenants: [...new Set(rows.map((r) => r.tenant_id))].sort(), rows: rows.length, role: who.rows[0].role };
  });
  built.app.post('/api/test-rls/rename-posts', async () => {
    const result = await sql`update blade_post set remark = 'renamed by a careless module'`.execute(db);
    return { changed: Number(result.numAffectedRows) };
  });
  built.app.post('/api/test-rls/plant-post', async () => {
    try {
      await sql`insert into blade_post (id, tenant_id, category, post_code, post_name, sort, is_deleted, status) values (9999999, ${B}, 1, 'x', 'planted', 1, 0, 1)`.execute(db);
      return { planted: true };
    } catch (error) {
      return { planted: false, error: (error as Error).message };
    }
  });
  built.app.get('/api/test-rls/in-transaction', async () =>
    db.transaction().execute(async (trx) => ({ users: Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(trx)).rows[0].n) })));
  await built.app.ready();
  await addTenant(built.services, B, B_PASSWORD);
  a = await login('000000', ADMIN_PASSWORD);
  b = await login(B, B_PASSWORD);
  for (const [headers, name] of [[a, 'A post'], [b, 'B post']] as const) {
    await built.app.inject({ method: 'POST', url: '/api/blade-system/post/submit', headers, payload: { category: 1, postCode: name, postName: name, sort: 1 } });
  }
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await built?.app.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('row-level security (PostgreSQL)', () => {
  it('answers a query with no tenant filter with the caller\'s tenant\'s rows only', async () => {
    const seenByA = await call('GET', '/api/test-rls/posts', a);
    const seenByB = await call('GET', '/api/test-rls/posts', b);
    expect(seenByA.tenants).toEqual(['000000']);
    expect(seenByB.tenants).toEqual([B]);
    expect(seenByA.role).toBe('atrium_app');
    // Outside any request the process acts as the platform and sees both.
    const all = await sql<{ tenant_id: string }>`select distinct tenant_id from blade_post order by 1`.execute(built.services.system.database.db);
    expect(all.rows.map((r) => r.tenant_id)).toEqual(['000000', B]);
    expect(seenByA.rows + seenByB.rows).toBe(Number((await sql<{ n: string }>`select count(*) as n from blade_post`.execute(built.services.system.database.db)).rows[0].n));
  });

  it('keeps the tenant inside a transaction and in code scoped by hand', async () => {
    const db = built.services.system.database.db;
    const users = async (tenantId: string) => Number((await withTenant(tenantId, () => sql<{ n: string }>`select count(*) as n from blade_user`.execute(db))).rows[0].n);
    const [inA, inB] = [await users('000000'), await users(B)];
    expect(inB).toBe(1);
    expect(inA).toBeGreaterThan(1);
    expect(await call('GET', '/api/test-rls/in-transaction', a)).toEqual({ users: inA });
    expect(await call('GET', '/api/test-rls/in-transaction', b)).toEqual({ users: inB });
  });

  it('lets tenant A neither change nor plant tenant B\'s rows', async () => {
    const bBefore = await call('GET', '/api/blade-system/post/list', b);
    const renamed = await call('POST', '/api/test-rls/rename-posts', a);
    expect(renamed.changed).toBeGreaterThan(0);
    const bAfter = await call('GET', '/api/blade-system/post/list', b);
    expect(bAfter.data.records.map((r: any) => r.remark ?? '')).toEqual(bBefore.data.records.map((r: any) => r.remark ?? ''));
    const planted = await call('POST', '/api/test-rls/plant-post', a);
    expect(planted).toMatchObject({ planted: false, error: expect.stringMatching(/row-level security/) });
  });

  it('gives each statement its own tenant on connections that served another one just before', async () => {
    // 60 requests of A and B at once, and platform statements among them, over the same 16
    // pooled connections: each connection keeps the last tenant it served between statements.
    const db = built.services.system.database.db;
    const platform = async () => (await sql<{ tenant_id: string }>`select distinct tenant_id from blade_post order by 1`.execute(db)).rows.map((r) => r.tenant_id);
    const calls = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? call('GET', '/api/test-rls/posts', a).then((r) => ['A', r.tenants])
        : i % 3 === 1 ? call('GET', '/api/test-rls/posts', b).then((r) => ['B', r.tenants])
          : platform().then((tenants) => ['platform', tenants]));
    const expected: Record<string, string[]> = { A: ['000000'], B: [B], platform: ['000000', B] };
    for (const [who, tenants] of await Promise.all(calls)) expect(tenants).toEqual(expected[who as string]);
    expect(built.services.system.database.usage().total).toBeGreaterThan(1);
  });

  it('runs the owner\'s statements (DDL, grants) as the connecting user, never as the request role', async () => {
    await Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/test-rls/posts', a)));
    const owner = built.services.system.database.ownerDb;
    const seen = await Promise.all(Array.from({ length: 8 }, () =>
      owner.connection().execute((c) => sql<{ role: string; tenant: string | null }>`select current_user as role, current_setting('app.tenant_id', true) as tenant`.execute(c))));
    for (const { rows } of seen) expect([rows[0].role, rows[0].tenant ?? '']).toEqual(['postgres', '']);
  });

  it('protects every table with a tenant_id column: a new tenant table without a policy fails here', async () => {
    await wageRollupSettled(built.services.system.repo.db);
    const owner = built.services.system.database.ownerDb;
    const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean; policies: string[] }>`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced, array(select polname::text from pg_policy p where p.polrelid = c.oid order by 1) as policies
      from pg_class c join information_schema.columns col on col.table_name = c.relname and col.table_schema = current_schema() and col.column_name = 'tenant_id'
      where c.relkind = 'r' and c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) order by 1`.execute(owner);
    const unprotected = rows.filter((r) => !NOT_TENANT_ROWS[r.table] && !(r.enabled && r.forced && r.policies.includes('atrium_tenant') && r.policies.includes('atrium_platform')));
    expect(unprotected.map((r) => r.table)).toEqual([]);
    // The engine's list of tenant tables and the modules' own lists name exactly these.
    const declared = new Set([...tenantTablesOf(built.services.models), ...FLOW_TENANT_TABLES.map((e) => (typeof e === 'string' ? e : e.table)), 'atrium_job', ...WAGE_ROLLUP_TABLES]);
    expect(rows.map((r) => r.table).filter((t) => !NOT_TENANT_ROWS[t]).sort()).toEqual([...declared].sort());
  });

  it('reads the tenant setting once per statement, and rewrites a policy of the older per-row form at start', async () => {
    const owner = built.services.system.database.ownerDb;
    const quals = async () => (await sql<{ qual: string }>`select pg_get_expr(polqual, polrelid) as qual from pg_policy where polrelid = 'blade_post'::regclass order by polname`.execute(owner)).rows.map((r) => r.qual);
    for (const qual of await quals()) expect(qual).toMatch(/\(\s*SELECT current_setting|\(\s*SELECT NULLIF\(current_setting/);
    await sql.raw(`alter policy atrium_tenant on blade_post using (tenant_id = nullif(current_setting('app.tenant_id', true), ''))`).execute(owner);
    await syncTenantPolicies(owner, ['blade_post'], true);
    for (const qual of await quals()) expect(qual).toMatch(/\(\s*SELECT/);
    expect((await call('GET', '/api/test-rls/posts', b)).tenants).toEqual([B]);
  });

  it('refuses to start, saying what to do, when the database user may not grant itself the role', async () => {
    const name = `atrium_t_limited_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create role ${name} login`);
    await admin.query(`create database ${name} owner ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.username = name;
    url.pathname = `/${name}`;
    try {
      const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', SEED_REGIONS: 'false', ROW_SECURITY: 'on' },
        { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') });
      expect(config.rowSecurity).toBe(true);
      await expect(buildApp(config)).rejects.toThrow(/create role atrium_app nologin nobypassrls.*ROW_SECURITY=off/s);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    }
  });

  it('runs as a role that cannot bypass row security', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>`
      select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = 'atrium_app'`.execute(built.services.system.database.ownerDb);
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
  });
});

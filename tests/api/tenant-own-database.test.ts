/**
 * A tenant in a database of its own (issue 16): the platform administrator binds tenant B to
 * a PostgreSQL data source (tenant/datasource), which moves B's rows there; from then on
 * every endpoint B uses reads and writes there, tenant C stays in the platform's database
 * and sees nothing of B, and `npm run tenant:move` takes B back and out again keeping every
 * count. Needs PostgreSQL (DATABASE_URL): skipped on the embedded database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { runTenantMove } from '../../src/server/ops/tenant-move/tenant-move-command.js';
import { loadSchemas } from '../../src/server/schema/load-schemas.js';
import { asTestApp, jobWorkbook, noticeWorkbook, waitForJob, xlsxUpload } from '../support/jobs.js';
import { addTenant } from '../support/second-tenant.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { mainAndOwnDatabases, rowsAt as query, signInOn, type MainAndOwn } from '../support/main-and-own-databases.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const B = '000001';
const C = '000002';
const PASSWORD = 'tenant-pw-1';

let built: BuiltApp;
let config: Config;
let databases: MainAndOwn;
let main: MainAndOwn['main'];
let own: MainAndOwn['own'];
let datasourceId: string;
const headers: Record<string, Record<string, string>> = {};

async function call(opts: { method: 'GET' | 'POST'; url: string; who: string; query?: Record<string, string>; payload?: unknown; lang?: string; headers?: Record<string, string> }) {
  const res = await built.app.inject({
    method: opts.method, url: opts.url, query: opts.query, payload: opts.payload as any,
    headers: { ...headers[opts.who], ...(opts.lang ? { 'accept-language': opts.lang } : {}), ...opts.headers },
  });
  let body: any = res.body;
  try { body = JSON.parse(res.body); } catch { /* not JSON */ }
  return { status: res.statusCode, body };
}

/** What the jobs helpers need of the app now serving. */
const jobsApp = () => asTestApp(built);

const login = (tenantId: string, password: string) => signInOn(built, tenantId, password);

const count = async (url: string, table: string, tenantId: string) =>
  Number((await query(url, `select count(*) as n from ${table} where tenant_id = $1`, [tenantId]))[0].n);

/** B's rows per tenant table, in one database. */
async function countsOf(url: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of built.services.tenantDatabases.tables.all()) {
    if (t.rows !== 'tenant') continue;
    out[t.table] = await count(url, t.table, B).catch(() => 0);
  }
  return out;
}

async function start(): Promise<void> {
  built = await buildApp(config);
  await built.app.ready();
}

async function addCustomer(who: string, name: string): Promise<void> {
  const res = await call({ method: 'POST', url: '/api/blade-manage/customer/submit', who, payload: { customerName: name } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
}

async function customerNames(who: string): Promise<string[]> {
  const res = await call({ method: 'GET', url: '/api/blade-manage/customer/list', who, query: { current: '1', size: '100' } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data.records.map((r: any) => r.customerName);
}

beforeAll(async () => {
  if (!onPostgres) return;
  databases = await mainAndOwnDatabases('atrium-tenantdb-');
  ({ main, own } = databases);
  config = databases.config();
  await start();
  await addTenant(built.services, B, PASSWORD);
  await addTenant(built.services, C, PASSWORD);
  headers.admin = await login('000000', ADMIN_PASSWORD);
  headers.b = await login(B, PASSWORD);
  headers.c = await login(C, PASSWORD);
  await addCustomer('b', 'B before the move');
  await addCustomer('c', 'C customer');
  const url = new URL(own.url);
  const res = await call({ method: 'POST', url: '/api/blade-develop/datasource/submit', who: 'admin', payload: {
    name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
  } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  datasourceId = res.body.data.id;
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await built?.app.close();
  await databases?.drop();
});

describe.skipIf(!onPostgres)('a tenant in a database of its own (PostgreSQL)', () => {
  it('refuses a data source that is not PostgreSQL, and the management tenant, with a 400 in the caller\'s language', async () => {
    const mysql = await call({ method: 'POST', url: '/api/blade-develop/datasource/submit', who: 'admin', payload: {
      name: 'a MariaDB', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/test', username: 'root',
    } });
    const bind = (tenantId: string, id: string, lang: string) =>
      call({ method: 'POST', url: '/api/blade-system/tenant/datasource', who: 'admin', query: { tenantId, datasourceId: id }, lang });
    expect((await bind(B, mysql.body.data.id, 'en')).body).toMatchObject({ code: 400, msg: 'a tenant can only be given a PostgreSQL database of its own; a MariaDB is not one' });
    expect((await bind(B, mysql.body.data.id, 'zh')).body).toMatchObject({ code: 400, msg: '租户独立数据库只能是 PostgreSQL 数据源，a MariaDB 不是' });
    expect((await bind('000000', datasourceId, 'en')).body).toMatchObject({ code: 400, msg: "the management tenant stays in the platform's database" });
    expect(await count(main.url, 'blade_user', B)).toBe(1);
  });

  it('moves the bound tenant\'s rows into its database: it signs in there, lists, creates and edits rows there, not in the platform\'s', async () => {
    const bound = await call({ method: 'POST', url: '/api/blade-system/tenant/datasource', who: 'admin', query: { tenantId: B, datasourceId } });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    expect(await count(own.url, 'blade_user', B)).toBe(1);
    expect(await count(main.url, 'blade_user', B)).toBe(0);
    expect(await count(own.url, 'manage_customer', B)).toBe(1);
    expect((await query(main.url, 'select datasource_id::text as id from blade_tenant where tenant_id = $1', [B]))[0].id).toBe(datasourceId);

    headers.b = await login(B, PASSWORD);
    expect(await customerNames('b')).toEqual(['B before the move']);
    await addCustomer('b', 'B after the move');
    expect(await count(own.url, 'manage_customer', B)).toBe(2);
    expect(await count(main.url, 'manage_customer', B)).toBe(0);
    const [row] = await query(own.url, "select id::text as id from manage_customer where customer_name = 'B after the move'");
    const edited = await call({ method: 'POST', url: '/api/blade-manage/customer/submit', who: 'b', payload: { id: row.id, customerName: 'B edited' } });
    expect(edited.body.success, JSON.stringify(edited.body)).toBe(true);
    expect((await query(own.url, 'select customer_name from manage_customer where id = $1', [row.id]))[0].customer_name).toBe('B edited');
    expect(await customerNames('b')).toEqual(expect.arrayContaining(['B before the move', 'B edited']));
  });

  it('serves the tenant\'s tree, export job, report and leave process from its database', async () => {
    const tree = await call({ method: 'GET', url: '/api/blade-system/dept/tree', who: 'b' });
    expect(tree.body.success, JSON.stringify(tree.body)).toBe(true);
    expect(tree.body.data.map((d: any) => d.title)).toEqual(['B']);

    const started = await call({ method: 'POST', url: '/api/atrium/jobs/export', who: 'b', payload: { model: 'manage/customer', query: {}, columns: 'customerName' } });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const job = await waitForJob(jobsApp(), headers.b, started.body.data.id);
    expect(job.state).toBe('done');
    const sheet = await jobWorkbook(jobsApp(), headers.b, started.body.data.id);
    expect(sheet.slice(1).map((r) => r[0]).sort()).toEqual(['B before the move', 'B edited']);

    const report = await call({ method: 'POST', url: '/api/blade-manage/report/incomeAndExpenseInfo', who: 'b', query: { startDate: '2025-01-01', endDate: '2025-12-31' } });
    expect(report.body.success, JSON.stringify(report.body)).toBe(true);

    const defs = await call({ method: 'GET', url: '/api/blade-flow/work/start-list', who: 'b', query: { mode: '1' } });
    const leaveDef = defs.body.data.records.find((r: any) => r.key === 'Leave');
    const [admin] = await query(own.url, 'select id::text as id from blade_user where tenant_id = $1', [B]);
    const leave = await call({ method: 'POST', url: '/api/blade-desk/process/leave/start-process', who: 'b', payload: {
      processDefinitionId: leaveDef.id, taskUser: admin.id, startTime: '2026-01-05 09:00:00', endTime: '2026-01-06 09:00:00', reason: 'own database',
    } });
    expect(leave.body.success, JSON.stringify(leave.body)).toBe(true);
    expect(await count(own.url, 'blade_flow_instance', B)).toBe(1);
    expect(await count(main.url, 'blade_flow_instance', B)).toBe(0);
    const todo = await call({ method: 'GET', url: '/api/blade-flow/work/todo-list', who: 'b' });
    expect(todo.body.data.records.map((r: any) => r.processInstanceId)).toContain(leave.body.data.processInstanceId);
  });

  it('refuses the platform deleting a shared deployment while the bound tenant runs an instance of it in its database', async () => {
    const defs = await call({ method: 'GET', url: '/api/blade-flow/work/start-list', who: 'b', query: { mode: '1' } });
    const leaveDef = defs.body.data.records.find((r: any) => r.key === 'Leave');
    expect(await count(own.url, 'blade_flow_instance', B)).toBe(1);
    const refused = await call({ method: 'POST', url: '/api/blade-flow/manager/delete-deployment', who: 'admin', query: { deploymentIds: leaveDef.deploymentId }, lang: 'en' });
    expect(refused.body).toMatchObject({ success: false, msg: 'the process has running instances and cannot be deleted' });
    expect((await query(main.url, 'select count(*)::int as n from blade_flow_definition where deployment_id = $1', [leaveDef.deploymentId]))[0].n).toBe(1);
  });

  it('imports into its database, and keeps its wage summaries there for the reports', async () => {
    const upload = xlsxUpload(await noticeWorkbook(30, 'B import', { 7: 'noTitle' }));
    const started = await call({ method: 'POST', url: '/api/atrium/jobs/import', who: 'b', query: { model: 'desk/notice' }, payload: upload.payload, headers: upload.headers });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const imported = await waitForJob(jobsApp(), headers.b, started.body.data.id);
    expect(imported, JSON.stringify(imported)).toMatchObject({ state: 'done', written: 29, failed: 1 });
    expect(await count(own.url, 'blade_notice', B)).toBe(29);
    expect(await count(main.url, 'blade_notice', B)).toBe(0);

    const submit = async (path: string, payload: Record<string, unknown>) => {
      const res = await call({ method: 'POST', url: `/api${path}/submit`, who: 'b', payload });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return String(res.body.data?.id ?? '');
    };
    await submit('/blade-manage/iteminfo', { itemCode: 'B-1', itemName: 'B item' });
    await submit('/blade-manage/worker', { workerName: 'B worker' });
    const [item] = await query(own.url, "select id::text as id from manage_item where item_code = 'B-1'");
    const [worker] = await query(own.url, "select id::text as id from manage_worker where worker_name = 'B worker'");
    for (const amount of ['100.50', '200.25']) await submit('/blade-manage/wage', { wageMonth: '2025-03-01', itemId: item.id, workerId: worker.id, amount, workDays: 3 });
    expect(await count(own.url, 'rpt_wage_month', B)).toBe(1);
    expect(await count(main.url, 'rpt_wage_month', B)).toBe(0);
    const report = await call({ method: 'POST', url: '/api/blade-manage/report/workerWages', who: 'b', payload: { startDate: '2025-03-01', endDate: '2025-03-31' } });
    expect(report.body.success, JSON.stringify(report.body)).toBe(true);
    expect(Number(report.body.data.totals.amount)).toBeCloseTo(300.75, 2);
  });

  it('creates the table of a model installed at run time in its database too, and the engine writes the tenant\'s rows there', async () => {
    // As the code generator does: the schema file in DATA_DIR/schemas, then the model installed.
    const dir = join(config.runtimeSchemasDir, 'demo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'gadget.json'), JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', 'x-label': { zh: '小工具', en: 'Gadgets' },
      'x-table': { name: 'demo_gadget', tenancy: 'tenant' }, 'x-api': { path: '/demo/gadget', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
      required: ['gadgetName'], properties: { gadgetName: { type: 'string', maxLength: 64, 'x-label': { zh: '名称', en: 'Name' } } },
    }));
    const model = loadSchemas(config.schemasDir, [config.runtimeSchemasDir]).find((m) => m.key === 'demo/gadget')!;
    await built.services.registry.install(model);
    expect(await query(own.url, "select column_name from information_schema.columns where table_name = 'demo_gadget' and column_name = 'gadget_name'")).toHaveLength(1);
    // No role of B is granted the new screen yet: the engine writes B's row as the platform would (seed, import).
    await built.services.system.repo.insert(model, systemContext(B), { gadgetName: 'B gadget' });
    expect(await count(own.url, 'demo_gadget', B)).toBe(1);
    expect(await count(main.url, 'demo_gadget', B)).toBe(0);
  });

  it('leaves another tenant in the platform\'s database, seeing none of the bound tenant\'s rows', async () => {
    expect(await customerNames('c')).toEqual(['C customer']);
    await addCustomer('c', 'C second');
    expect(await count(main.url, 'manage_customer', C)).toBe(2);
    expect(await count(own.url, 'manage_customer', C)).toBe(0);
    const bRow = (await query(own.url, "select id::text as id from manage_customer where customer_name = 'B edited'"))[0];
    const detail = await call({ method: 'GET', url: '/api/blade-manage/customer/detail', who: 'c', query: { id: bRow.id } });
    expect(JSON.stringify(detail.body)).not.toContain('B edited');
  });

  it('tenant:move refuses while a server is connected, then takes the tenant back to main and out again keeping every count', async () => {
    const print = () => undefined;
    expect(await runTenantMove([B, 'main'], config, print)).toBe(2);
    expect(await count(own.url, 'blade_user', B)).toBe(1);
    const before = await countsOf(own.url);
    expect(before.manage_customer).toBe(2);
    // The leave process started above: its history moves by its own tenant column.
    expect(before.blade_flow_history).toBeGreaterThan(0);
    await built.app.close();

    const lines: string[] = [];
    expect(await runTenantMove([B, 'main'], config, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('manage_customer: 2 row(s) copied, count verified');
    expect(await countsOf(main.url)).toEqual(before);
    expect(Object.values(await countsOf(own.url)).every((n) => n === 0)).toBe(true);
    expect(await runTenantMove([B, 'main'], config, print)).toBe(0);

    expect(await runTenantMove([B, datasourceId], config, print)).toBe(0);
    expect(await countsOf(own.url)).toEqual(before);
    expect(Object.values(await countsOf(main.url)).every((n) => n === 0)).toBe(true);
    expect(await runTenantMove(['x', 'y', 'z'], config, print)).toBe(1);

    await start();
    headers.b = await login(B, PASSWORD);
    expect((await customerNames('b')).sort()).toEqual(['B before the move', 'B edited']);
    expect(await customerNames('c')).toEqual(expect.arrayContaining(['C customer', 'C second']));
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_URL, PG_URL, onMysql, onPostgres, uniqueTable } from '../support/external-databases.js';
import { jobWorkbook, waitForJob } from '../support/jobs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A screen generated from a data source's table exports its rows (x-export: true), on MariaDB and PostgreSQL. */
let t: TestApp;
let headers: Record<string, string>;
const post = (url: string, payload?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url: `/api${url}`, headers, payload: payload as any, query });
const get = (url: string, query?: Record<string, string>) => t.call({ method: 'GET', url: `/api${url}`, headers, query });
/** More than one export batch (1,000 rows), with ties in the list's order. */
const ROWS = 2_150;
const tables = { mariadb: uniqueTable('cg_xp'), postgresql: uniqueTable('cg_xp') };
const insertRows = (table: string) => `insert into ${table} (title, pages) values ${Array.from({ length: ROWS }, (_, i) => `('book ${i + 1}', ${i % 7})`).join(', ')}`;

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  headers = await t.login();
  await onMysql(`create table ${tables.mariadb} (id bigint primary key auto_increment, title varchar(64), pages integer)`, insertRows(tables.mariadb));
  await onPostgres(`create table ${tables.postgresql} (id bigserial primary key, title varchar(64), pages integer)`, insertRows(tables.postgresql));
});
afterAll(async () => {
  await onMysql(`drop table if exists ${tables.mariadb}`);
  await onPostgres(`drop table if exists ${tables.postgresql}`);
  await t?.close();
});

async function generate(kind: keyof typeof tables): Promise<string> {
  const table = tables[kind];
  const source = kind === 'mariadb'
    ? { name: `maria ${table}`, driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' }
    : { name: `pg ${table}`, driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' };
  const datasourceId = (await post('/blade-develop/datasource/submit', source)).body.data.id;
  const modelId = (await post('/blade-develop/model/submit', { datasourceId, modelTable: table, modelClass: 'Book', modelName: `图书 ${table}`, modelCode: table })).body.data.id;
  const codeId = (await post('/blade-develop/code/submit', { modelId, codeName: '图书', serviceName: 'blade-demo', tableName: table, tablePrefix: 'cg_', packageName: 'org.springblade.demo' })).body.data.id;
  const generated = await post('/blade-develop/code/gen-code', undefined, { ids: codeId, system: 'saber' });
  expect(generated.body.code, JSON.stringify(generated.body)).toBe(200);
  return `demo/${table.replace(/^cg_/, '').replace(/_/g, '-')}`;
}

describe('the export of a generated screen', () => {
  for (const kind of ['mariadb', 'postgresql'] as const) {
    it(`writes every row the list answers, in its order, batch after batch (${kind})`, async () => {
      const model = await generate(kind);
      const api = `/blade-demo/${model.split('/')[1]}`;
      const query = { descs: 'pages' };
      const started = await post('/atrium/jobs/export', { model, query, columns: 'title,pages' });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const job = await waitForJob(t, headers, started.body.data.id);
      expect(job).toMatchObject({ state: 'done', done: ROWS, total: ROWS, hasFile: true });
      const rows = await jobWorkbook(t, headers, job.id);
      const listed = (await get(`${api}/list`, { ...query, current: '1', size: '200' })).body.data;
      expect(listed.total).toBe(ROWS);
      expect(rows.slice(1, 201)).toEqual(listed.records.map((r: any) => [r.title, r.pages]));
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(ROWS);
    }, 120_000);
  }
});

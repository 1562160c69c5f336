import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_URL, PG_URL, onMysql, onPostgres, uniqueTable } from '../support/external-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
const post = (url: string, payload?: unknown) => t.call({ method: 'POST', url: `/api${url}`, headers, payload: payload as any });
const get = (url: string, query?: Record<string, string>) => t.call({ method: 'GET', url: `/api${url}`, headers, query });

const table = uniqueTable('cg_map');

async function prototypesOf(source: Record<string, unknown>): Promise<Record<string, any>> {
  const datasourceId = (await post('/blade-develop/datasource/submit', source)).body.data.id;
  const modelId = (await post('/blade-develop/model/submit', { datasourceId, modelTable: table, modelClass: 'Visit', modelName: `到访 ${source.name}`, modelCode: uniqueTable('m') })).body.data.id;
  const rows: any[] = (await get('/blade-develop/model-prototype/prototypes', { modelId })).body.data;
  return Object.fromEntries(rows.map((r) => [r.jdbcName, r]));
}

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  headers = await t.login();
  await onMysql(`create table ${table} (id bigint primary key auto_increment, visit_day date, seen_at datetime, note varchar(64) comment '备注')`);
  await onPostgres(`create table ${table} (id bigserial primary key, visit_day date, seen_at timestamp, note varchar(64))`, `comment on column ${table}.note is '备注'`);
});
afterAll(async () => {
  await onMysql(`drop table if exists ${table}`);
  await onPostgres(`drop table if exists ${table}`);
  await t?.close();
});

describe('数据库模型配置 maps columns the same way on MariaDB and PostgreSQL', () => {
  const sources = {
    mariadb: { name: `maria ${table}`, driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' },
    postgresql: { name: `pg ${table}`, driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' },
  };
  for (const [kind, source] of Object.entries(sources)) {
    it(`maps a date column to the date type and the uncommented id key to 主键 / ID (${kind})`, async () => {
      const rows = await prototypesOf(source);
      expect(rows.id).toMatchObject({ propertyType: 'id', comment: '主键', labelEn: 'ID', isPk: 1 });
      expect(rows.visit_day).toMatchObject({ propertyType: 'date', comment: 'Visit day', labelEn: 'Visit day' });
      expect(rows.seen_at).toMatchObject({ propertyType: 'datetime' });
      expect(rows.note).toMatchObject({ propertyType: 'string', comment: '备注' });
    });
  }
});

import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/paths.js';
import { openExternal, parseConnectionUrl } from '../../src/server/db/external/index.js';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * Existing tables of other databases, administered in place through `x-datasource`:
 * one in MariaDB (auto_increment key), one in PostgreSQL (natural key), CRUD over HTTP.
 */
const MARIA = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const PG_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
const suffix = randomBytes(4).toString('hex');
const mariaTable = `ext_book_${suffix}`;
const mariaSource = `maria-${suffix}`;
const pgSource = `pg-${suffix}`;

const label = (zh: string, en: string) => ({ 'x-label': { zh, en } });

const book = {
  type: 'object',
  ...label('图书', 'Books'),
  'x-datasource': mariaSource,
  'x-table': { name: mariaTable, primaryKey: 'bookId' },
  'x-api': { path: '/ext/book', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { search: ['title'] },
  'x-menu': { path: '/ext/book', parent: 'system', sort: 90 },
  required: ['title'],
  properties: {
    bookId: { type: 'integer', 'x-column': 'book_id', ...label('编号', 'Id') },
    title: { type: 'string', maxLength: 20, ...label('书名', 'Title') },
    price: { type: 'number', minimum: 0, ...label('价格', 'Price') },
    published: { type: 'string', 'x-type': 'datetime', ...label('出版时间', 'Published') },
  },
};

const country = {
  type: 'object',
  ...label('国家', 'Countries'),
  'x-datasource': pgSource,
  'x-table': { name: 'ext_country', primaryKey: 'code' },
  'x-api': { path: '/ext/country', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  required: ['code', 'name'],
  properties: {
    code: { type: 'string', maxLength: 2, pattern: '^[A-Z]{2}$', ...label('代码', 'Code') },
    name: { type: 'string', maxLength: 40, ...label('名称', 'Name') },
    population: { type: 'integer', minimum: 0, ...label('人口', 'Population') },
  },
};

const downSource = `down-${suffix}`;
/** Bound to a data source nobody listens for, and to a column the MariaDB table lacks. */
const down = { ...country, 'x-datasource': downSource, 'x-api': { path: '/ext/down', endpoints: { list: {} } } };
const ghost = {
  ...book, 'x-api': { path: '/ext/ghost', endpoints: { list: {}, submit: {} } }, 'x-menu': undefined, 'x-list': undefined,
  properties: { ...book.properties, isbn: { type: 'string', maxLength: 13, ...label('书号', 'ISBN') } },
};

let t: TestApp;
let headers: Record<string, string>;
let schemasDir: string;
let pgDatabase: { url: string; drop(): Promise<void> };
const opened: string[] = [];

const post = (url: string, payload: unknown, lang = 'zh') => t.call({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'accept-language': lang }, payload: payload as any });
const get = (url: string, query: Record<string, string> = {}) => t.call({ method: 'GET', url: `/api${url}`, headers, query });

async function maria<T = any>(statement: string, params: unknown[] = []): Promise<T> {
  const c = await createConnection(MARIA);
  try {
    return (await c.query(statement, params))[0] as T;
  } finally {
    await c.end();
  }
}

async function onPg<T = any>(statement: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: pgDatabase.url });
  await c.connect();
  try {
    return (await c.query(statement, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await maria(`create table ${mariaTable} (book_id int auto_increment primary key, title varchar(20) not null, price decimal(8,2), published datetime)`);
  await maria(`insert into ${mariaTable} (title, price, published) values ('Dune', 9.50, '1965-08-01 00:00:00')`);
  pgDatabase = await createTestDatabase(PG_SERVER);
  await onPg('create table ext_country (code char(2) primary key, name varchar(40) not null, population bigint)');
  await onPg("insert into ext_country values ('FR', 'France', 68000000)");
  schemasDir = mkdtempSync(join(tmpdir(), 'atrium-ext-schemas-'));
  cpSync(projectPath('schemas'), schemasDir, { recursive: true });
  mkdirSync(join(schemasDir, 'ext'));
  writeFileSync(join(schemasDir, 'ext', 'book.json'), JSON.stringify(book, null, 2));
  writeFileSync(join(schemasDir, 'ext', 'country.json'), JSON.stringify(country, null, 2));
  writeFileSync(join(schemasDir, 'ext', 'down.json'), JSON.stringify(down, null, 2));
  writeFileSync(join(schemasDir, 'ext', 'ghost.json'), JSON.stringify(ghost, null, 2));
  t = await startTestApp({ schemasDir, seedRegions: false });
  headers = await t.login();
  // The data source module opens a row's connection the same way (openExternal); its
  // rows, passwords and 测试连接 are tested with it. Here: the engine's side.
  const urls: Record<string, string> = { [mariaSource]: `mysql://root@${MARIA.host}:${MARIA.port}/${MARIA.database}`, [pgSource]: pgDatabase.url, [downSource]: 'mysql://root@127.0.0.1:1/test' };
  t.services.datasources.setOpener(async (name) => {
    opened.push(name);
    const spec = parseConnectionUrl(urls[name]);
    const external = await openExternal(spec);
    return { db: external.db, dialect: spec.driver === 'mysql' ? 'mysql' : 'postgres', close: external.close };
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await maria(`drop table if exists ${mariaTable}`);
  await pgDatabase?.drop();
  rmSync(schemasDir, { recursive: true, force: true });
});

describe('an entity bound to a MariaDB table', () => {
  it('lists and searches the rows already there', async () => {
    const page = (await get('/ext/book/list', { title: 'un' })).body.data;
    expect(page).toMatchObject({ total: 1, records: [{ bookId: 1, title: 'Dune', price: 9.5, published: '1965-08-01 00:00:00' }] });
  });

  it('filters with date ranges and contains-searches on a number in MySQL\'s SQL', async () => {
    const titles = async (query: Record<string, string>) => (await get('/ext/book/list', query)).body.data.records.map((r: any) => r.title);
    expect(await titles({ published_datege: '1960-01-01' })).toEqual(['Dune']);
    expect(await titles({ published_datelt: '1960-01-01' })).toEqual([]);
    expect(await titles({ price_like: '9.5' })).toEqual(['Dune']);
  });

  it('adds with the key the database generates, edits, reads and deletes for good', async () => {
    const added = (await post('/ext/book/submit', { title: 'Emma', price: '4.25' })).body;
    expect(added).toMatchObject({ code: 200, data: { title: 'Emma', price: 4.25 } });
    const id = added.data.bookId;
    expect(id).toBeGreaterThan(1);
    const edited = (await post('/ext/book/submit', { bookId: id, title: 'Emma (1815)' })).body;
    expect(edited.data).toMatchObject({ bookId: id, title: 'Emma (1815)', price: 4.25 });
    expect((await get('/ext/book/detail', { bookId: String(id) })).body.data.title).toBe('Emma (1815)');
    expect((await post(`/ext/book/remove?ids=${id}`, {})).body.code).toBe(200);
    expect(await maria(`select book_id from ${mariaTable} where book_id = ?`, [id])).toEqual([]);
  });

  it('validates as any entity: a clear 400 in the caller\'s language, nothing written', async () => {
    const res = await post('/ext/book/submit', { title: 'A title far too long for it', price: -1 }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ title: expect.stringContaining('20'), price: expect.stringContaining('0') });
    expect(await maria(`select count(*) as n from ${mariaTable}`)).toEqual([{ n: 1 }]);
  });

  it('writes the API log of its writes like any entity', async () => {
    await post('/ext/book/submit', { bookId: 1, title: 'Dune' });
    await logWriterOf(t.services)!.flush();
    const logs = (await get('/blade-log/api/list', { requestUri: '/api/ext/book/submit', size: '50' })).body.data.records;
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0]).toMatchObject({ method: 'POST', requestUri: '/api/ext/book/submit' });
  });

  it('keeps its permissions: no token, no rows', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ext/book/list' });
    expect(res.status).toBe(401);
  });
});

describe('an entity bound to a PostgreSQL table', () => {
  it('refuses a row the MySQL table\'s own unique index already holds with a clear 400, nothing written', async () => {
    await maria(`alter table ${mariaTable} add unique index uq_title (title)`);
    try {
      const before = await maria(`select count(*) as n from ${mariaTable}`);
      expect(await post('/ext/book/submit', { title: 'Dune', price: 1 })).toMatchObject({ status: 400, body: { msg: '已存在相同的记录!' } });
      expect(await maria(`select count(*) as n from ${mariaTable}`)).toEqual(before);
    } finally {
      await maria(`alter table ${mariaTable} drop index uq_title`);
    }
  });

  it('administers it in place with its natural key', async () => {
    expect((await get('/ext/country/list')).body.data.records).toEqual([{ code: 'FR', name: 'France', population: '68000000' }].map((r) => ({ ...r, population: expect.anything() })));
    const added = (await post('/ext/country/submit', { code: 'DE', name: 'Germany', population: 84000000 })).body;
    expect(added).toMatchObject({ code: 200, data: { code: 'DE', name: 'Germany' } });
    await post('/ext/country/submit', { code: 'DE', name: 'Deutschland' });
    expect(await onPg('select name from ext_country where code = $1', ['DE'])).toEqual([{ name: 'Deutschland' }]);
    const bad = await post('/ext/country/submit', { code: 'd1', name: 'x' }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.code).toBeTruthy();
    expect((await post('/ext/country/remove?ids=DE', {})).body.code).toBe(200);
    expect(await onPg('select code from ext_country order by code')).toEqual([{ code: 'FR' }]);
  });

  it('is served to the console as a bare table (no soft delete, no tenant filter) without its data source', async () => {
    const models = (await get('/atrium/schemas')).body.data;
    const model = models.find((m: any) => m.key === 'ext/country');
    expect(model).toMatchObject({ bareTable: true, logicalDelete: false, tenancy: 'shared' });
    expect(model).not.toHaveProperty('datasource');
  });

  it('is left out of the drift report and never created in the platform database', async () => {
    expect(t.services.drift.filter((d) => d.model.startsWith('ext/'))).toEqual([]);
    const local = await t.services.system.database.db.selectFrom('information_schema.tables' as any).select('table_name').where('table_name', 'in', ['ext_country', mariaTable]).execute();
    expect(local).toEqual([]);
  });
});

describe('a data source that fails', () => {
  it('answers an unreachable data source with its name, not 服务器异常', async () => {
    const res = await get('/ext/down/list');
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe(`数据源 ${downSource} 无法连接(ECONNREFUSED),请检查数据源配置`);
  });

  it('answers a table that lacks a schema field with the table, the screen\'s label and the missing column, not the file', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ext/ghost/list', headers: { ...headers, 'accept-language': 'en' } });
    expect(res.status).toBe(500);
    expect(res.body.msg).toBe(`the table ${mariaTable} of "Books" in data source ${mariaSource} does not match the screen: the column isbn is missing`);
    expect(res.body.msg).not.toContain('ghost.json');
  });
});

describe('the pools of the data sources', () => {
  it('are one per data source, opened once, and reopened after being released', async () => {
    const before = opened.length;
    await Promise.all([get('/ext/book/list'), get('/ext/country/list'), get('/ext/book/list')]);
    expect(t.services.datasources.open).toEqual(expect.arrayContaining([mariaSource, pgSource]));
    expect(opened.length).toBe(before);
    await t.services.datasources.release(mariaSource);
    expect(t.services.datasources.open).not.toContain(mariaSource);
    expect((await get('/ext/book/list')).body.data.total).toBe(1);
    expect(opened.slice(before)).toEqual([mariaSource]);
  });
});

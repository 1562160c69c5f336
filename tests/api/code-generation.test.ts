import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSchema } from '../../codegen/index.js';
import { logWriterOf } from '../../src/server/modules/log/index.js';
import { loadSchemas } from '../../src/server/schema/load-schemas.js';
import { MYSQL_URL, PG_URL, mysqlRows, onMysql, onPostgres, uniqueTable } from '../support/external-databases.js';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
const en = () => ({ ...headers, 'accept-language': 'en' });

const post = (url: string, payload?: unknown, query?: Record<string, string>, h = headers) => t.call({ method: 'POST', url: `/api${url}`, headers: h, payload: payload as any, query });
const get = (url: string, query?: Record<string, string>, h = headers) => t.call({ method: 'GET', url: `/api${url}`, headers: h, query });

async function addDatasource(row: Record<string, unknown>): Promise<string> {
  const res = await post('/blade-develop/datasource/submit', row);
  expect(res.body.msg).toBe('操作成功');
  return res.body.data.id;
}

async function addModel(datasourceId: string, table: string): Promise<string> {
  const res = await post('/blade-develop/model/submit', { datasourceId, modelTable: table, modelClass: 'Book', modelName: `图书 ${table}`, modelCode: uniqueTable('m') });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function addCode(modelId: string, table: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/blade-develop/code/submit', { modelId, codeName: '图书', serviceName: 'blade-demo', tableName: table, tablePrefix: 'cg_', packageName: 'org.springblade.demo', ...extra });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

/** Every file below a folder with its size and modification time. */
function folderState(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => { const path = join(e.parentPath, e.name); const s = statSync(path); return `${path} ${s.size} ${s.mtimeMs}`; }).sort();
}
const generatedFile = (table: string) => join(t.services.config.runtimeSchemasDir, 'demo', `${table.replace(/^cg_/, '').replace(/_/g, '-')}.json`);

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  headers = await t.login();
});
afterAll(async () => { await t?.close(); });

describe('data sources', () => {
  it('store the password encrypted and never answer it', async () => {
    const id = await addDatasource({ name: 'pg secret', driverClass: 'org.postgresql.Driver', url: PG_URL.replace('//postgres@', '//postgres:Typed-pw-9@'), username: 'postgres' });
    const stored = await sql<{ url: string; password: string }>`select url, password from blade_datasource where id = ${id}`.execute(t.services.system.database.db);
    expect(stored.rows[0].url).not.toContain('Typed-pw-9');
    expect(stored.rows[0].password).toMatch(/^aesgcm:/);
    expect(stored.rows[0].password).not.toContain('Typed-pw-9');
    const detail = await get('/blade-develop/datasource/detail', { id });
    expect(detail.body.data.password).toBe('******');
    const list = await get('/blade-develop/datasource/list');
    expect(JSON.stringify(list.body.data)).not.toContain('aesgcm');
    expect(JSON.stringify(list.body.data)).not.toContain('Typed-pw-9');
  });

  it('keep the password out of every log row: typed in the URL (plain or JDBC) or in the password field, on success and on failure', async () => {
    await addDatasource({ name: 'field secret', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/test', username: 'root', password: 'Field-pw-7' });
    const jdbc = await addDatasource({ name: 'jdbc secret', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/test?user=root&password=Query-pw-5&useSSL=false', username: 'root' });
    const refused = await post('/blade-develop/datasource/submit', { name: 'bad secret', driverClass: 'org.postgresql.Driver', url: 'mysql://root:Refused-pw-3@127.0.0.1/test' });
    expect(refused.body.code).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain('Refused-pw-3');
    const tested = await post('/blade-develop/datasource/test-connection', undefined, { id: jdbc });
    // The password left the URL for the (encrypted) password field, and the test connects with it.
    expect(tested.body.msg).toBe('数据库用户名或密码错误(用户 root)');
    const stored = await sql<{ url: string; password: string }>`select url, password from blade_datasource where id = ${jdbc}`.execute(t.services.system.database.db);
    expect(stored.rows[0]).toMatchObject({ url: 'jdbc:mysql://127.0.0.1:3306/test?user=root&useSSL=false', password: expect.stringMatching(/^aesgcm:/) });
    expect(JSON.stringify((await get('/blade-develop/datasource/list')).body.data)).not.toContain('Query-pw-5');
    await logWriterOf(t.services)!.flush();
    const rows = await sql<{ text: string }>`
      select params || ' ' || request_uri as text from blade_log_api
      union all select coalesce(params, '') || ' ' || coalesce(message, '') || ' ' || coalesce(stack_trace, '') from blade_log_error
      union all select coalesce(params, '') || ' ' || coalesce(log_data, '') from blade_log_usual`.execute(t.services.system.database.db);
    const logged = rows.rows.map((r) => r.text).join('\n');
    expect(logged).toContain('/api/blade-develop/datasource/submit');
    for (const secret of ['Typed-pw-9', 'Field-pw-7', 'Query-pw-5', 'Refused-pw-3']) expect(logged).not.toContain(secret);
  });

  it('test connection: success, and wrong host / wrong password / unknown database named in the caller\'s language', async () => {
    const good = await addDatasource({ name: 'maria ok', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/test?useSSL=false', username: 'root' });
    const ok = await post('/blade-develop/datasource/test-connection', undefined, { id: good });
    expect(ok.body).toMatchObject({ code: 200, msg: '连接成功' });
    const host = await addDatasource({ name: 'bad host', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3399/test', username: 'root' });
    expect((await post('/blade-develop/datasource/test-connection', undefined, { id: host }, en())).body).toMatchObject({ code: 400, msg: 'cannot reach the database server 127.0.0.1:3399: check the host and port of the URL' });
    const pw = await addDatasource({ name: 'bad pw', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3306/test', username: 'root', password: 'Wrong-pw-1' });
    const pwAnswer = await post('/blade-develop/datasource/test-connection', undefined, { id: pw });
    expect(pwAnswer.body).toMatchObject({ code: 400, msg: '数据库用户名或密码错误(用户 root)' });
    expect(JSON.stringify(pwAnswer.body)).not.toContain('Wrong-pw-1');
    const db = await addDatasource({ name: 'bad db', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/no_such_db', username: 'postgres' });
    expect((await post('/blade-develop/datasource/test-connection', undefined, { id: db })).body).toMatchObject({ code: 400, msg: '数据库 no_such_db 不存在' });
  });

  it('a URL it cannot use is a 400 and nothing is stored', async () => {
    const res = await post('/blade-develop/datasource/submit', { name: 'broken', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'not a url' }, undefined, en());
    expect(res.body).toMatchObject({ code: 400, msg: 'the connection URL is not valid: not a url' });
    const names = (await get('/blade-develop/datasource/list', { name: 'broken' })).body.data.records;
    expect(names).toEqual([]);
  });
});

describe('models and code generation on MariaDB and PostgreSQL', () => {
  const maria = uniqueTable('cg_book');
  const pgTable = uniqueTable('cg_book');
  const noKey = uniqueTable('cg_nokey');
  const blob = uniqueTable('cg_blob');
  let mariaSource: string;
  let pgSource: string;
  beforeAll(async () => {
    await onMysql(
      `create table ${maria} (id bigint primary key auto_increment comment '主键', title varchar(64) not null comment '书名', price decimal(10,2) comment '价格', published date comment '出版日期', note text comment '简介') comment = '图书'`,
      `create table ${noKey} (title varchar(64))`,
      `create table ${blob} (id bigint primary key, photo blob)`,
    );
    await onPostgres(
      `create table ${pgTable} (id bigserial primary key, title varchar(64) not null, price numeric(10,2), published date)`,
      `comment on column ${pgTable}.title is '书名'`,
    );
    mariaSource = await addDatasource({ name: 'maria', driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' });
    pgSource = await addDatasource({ name: 'postgres', driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' });
  });
  afterAll(async () => {
    await onMysql(`drop table if exists ${maria}`, `drop table if exists ${noKey}`, `drop table if exists ${blob}`);
    await onPostgres(`drop table if exists ${pgTable}`);
  });

  it('table-list and prototypes read the real tables; the grid is saved with submit-list', async () => {
    const tables = (await get('/blade-develop/model/table-list', { datasourceId: mariaSource })).body.data;
    expect(tables).toContainEqual({ name: maria, comment: '图书' });
    const modelId = await addModel(mariaSource, maria);
    const prototypes = (await get('/blade-develop/model-prototype/prototypes', { modelId })).body.data;
    expect(prototypes.map((p: any) => [p.jdbcName, p.propertyName, p.propertyType, p.comment, p.isPk, p.isRequired])).toEqual([
      ['id', 'id', 'id', '主键', 1, 0],
      ['title', 'title', 'string', '书名', 0, 1],
      ['price', 'price', 'number', '价格', 0, 0],
      ['published', 'published', 'date', '出版日期', 0, 0],
      ['note', 'note', 'string', '简介', 0, 0],
    ]);
    const edited = prototypes.map((p: any) => (p.jdbcName === 'price' ? { ...p, isQuery: 1, queryType: 'ge', comment: '售价' } : p));
    expect((await post('/blade-develop/model-prototype/submit-list', edited)).body.code).toBe(200);
    const again = (await get('/blade-develop/model-prototype/prototypes', { modelId })).body.data;
    expect(again.find((p: any) => p.jdbcName === 'price')).toMatchObject({ comment: '售价', isQuery: 1, queryType: 'ge' });
    const bad = await post('/blade-develop/model-prototype/submit-list', [{ ...edited[1], componentType: 'rocket' }], undefined, en());
    expect(bad.body).toMatchObject({ code: 400, msg: 'field settings are not valid: componentType of title cannot be rocket' });
  });

  it('gen-code writes a valid, formatted schema bound to the data source, and the new API serves the MariaDB table', async () => {
    const modelId = (await get('/blade-develop/model/list', { modelTable: maria })).body.data.records[0].id;
    const codeId = await addCode(modelId, maria);
    const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId, system: 'saber' });
    // The table has neither is_deleted nor tenant_id: the administrator is told what that means.
    expect(res.body).toMatchObject({ code: 200, msg: `代码生成成功。表 ${maria} 没有 is_deleted 列: 此页面的删除会永久删除数据行。表 ${maria} 没有 tenant_id 列: 所有租户都能看到并修改它的全部数据行` });
    const file = generatedFile(maria);
    const text = readFileSync(file, 'utf8');
    expect(formatSchema(JSON.parse(text))).toBe(text);
    const schema = JSON.parse(text);
    expect(schema['x-datasource']).toBe(mariaSource);
    expect(schema.properties.price['x-label']).toEqual({ zh: '售价', en: 'Price' });
    expect(schema['x-list'].search).toContainEqual({ field: 'price', op: 'ge' });
    expect(res.body.data.files[0]).toMatchObject({ created: true, bareTable: true });
    expect(() => loadSchemas(projectPath('schemas'), [t.services.config.runtimeSchemasDir])).not.toThrow();

    const api = schema['x-api'].path;
    const added = await post(`${api}/submit`, { title: '三体', price: '23.50', published: '2008-01-01' });
    expect(added.body.data).toMatchObject({ title: '三体', published: '2008-01-01' });
    const id = added.body.data.id;
    expect(Number(added.body.data.price)).toBe(23.5);
    expect((await post(`${api}/submit`, { price: 1 }, undefined, en())).body).toMatchObject({ code: 400, msg: 'please enter the title' });
    const page = await get(`${api}/list`, { title: '三' });
    expect(page.body.data.records.map((r: any) => r.title)).toEqual(['三体']);
    expect((await post(`${api}/submit`, { id, title: '三体 II' })).body.data.title).toBe('三体 II');
    const [rows] = await mysqlRows(`select title from ${maria} where id = ${Number(id)}`);
    expect(rows).toEqual([{ title: '三体 II' }]);
    expect((await post(`${api}/remove`, undefined, { ids: id })).body.code).toBe(200);
    expect((await get(`${api}/list`)).body.data.total).toBe(0);
  });

  it('a generated screen whose table was dropped says so with the data source\'s name and the screen\'s label, not its id or file, in zh and en', async () => {
    const schema = JSON.parse(readFileSync(generatedFile(maria), 'utf8'));
    const api = schema['x-api'].path;
    const label = schema['x-label'];
    await onMysql(`rename table ${maria} to ${maria}_gone`);
    try {
      const zh = await get(`${api}/list`);
      expect(zh.status).toBe(500);
      expect(zh.body.msg).toBe(`数据源 maria 中「${label.zh}」的表 ${maria} 与页面不一致: 该表不存在`);
      const english = await get(`${api}/list`, undefined, en());
      expect(english.body.msg).toBe(`the table ${maria} of "${label.en}" in data source maria does not match the screen: the table does not exist`);
      for (const msg of [zh.body.msg, english.body.msg]) {
        expect(msg).not.toContain(mariaSource);
        expect(msg).not.toContain('.json');
      }
    } finally {
      await onMysql(`rename table ${maria}_gone to ${maria}`);
    }
  });

  it('gen-code on PostgreSQL writes its schema too', async () => {
    const modelId = await addModel(pgSource, pgTable);
    const codeId = await addCode(modelId, pgTable, { serviceName: 'blade-shop' });
    const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId }, en());
    expect(res.body.msg).toBe(`code generated. the table ${pgTable} has no is_deleted column: a delete on this screen removes the row for good. the table ${pgTable} has no tenant_id column: every tenant sees and changes all of its rows`);
    const schema = JSON.parse(readFileSync(generatedFile(pgTable), 'utf8'));
    expect(schema['x-api'].path).toBe(`/blade-shop/${pgTable.replace(/^cg_/, '').replace(/_/g, '-')}`);
    expect(schema.properties.title).toMatchObject({ type: 'string', maxLength: 64, 'x-label': { zh: '书名', en: 'Title' } });
    const api = schema['x-api'].path;
    const added = await post(`${api}/submit`, { title: 'Dune', published: '1965-08-01' });
    expect(added.body.data).toMatchObject({ title: 'Dune', published: '1965-08-01' });
    expect((await get(`${api}/list`)).body.data.records.map((r: any) => r.title)).toEqual(['Dune']);
    expect((await post(`${api}/submit`, { id: added.body.data.id, title: 'Dune Messiah' })).body.data.title).toBe('Dune Messiah');
    expect((await post(`${api}/remove`, undefined, { ids: added.body.data.id })).body.code).toBe(200);
    expect((await get(`${api}/list`)).body.data.total).toBe(0);
  });

  it('a model names a table its data source has: a missing table, SQL in the name or an unreachable source is refused beside 物理表名, nothing stored', async () => {
    const down = await addDatasource({ name: 'down', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://127.0.0.1:3399/test', username: 'root' });
    for (const [source, table, message] of [
      [mariaSource, pgTable, `the data source maria has no table ${pgTable}`],
      [mariaSource, 'x; drop table users', 'invalid table name x; drop table users: only letters, digits and underscores are allowed'],
      [down, maria, 'cannot reach the database server 127.0.0.1:3399: check the host and port of the URL'],
    ]) {
      const res = await post('/blade-develop/model/submit', { datasourceId: source, modelTable: table, modelClass: 'Bad', modelName: 'bad model', modelCode: uniqueTable('m') }, undefined, en());
      expect(res.body).toMatchObject({ code: 400, msg: message });
      if (source !== down) expect(res.body.fieldErrors).toEqual({ modelTable: message });
    }
    expect((await get('/blade-develop/model/list', { modelName: 'bad model' })).body.data.total).toBe(0);
    const zh = await post('/blade-develop/model/submit', { datasourceId: mariaSource, modelTable: pgTable, modelClass: 'Bad', modelName: 'bad model', modelCode: uniqueTable('m') });
    expect(zh.body.msg).toBe(`数据源 maria 中没有表 ${pgTable}`);
    // Changing the table of a saved model is checked the same way; other edits are not re-checked.
    const modelId = (await get('/blade-develop/model/list', { modelTable: maria })).body.data.records[0].id;
    expect((await post('/blade-develop/model/submit', { id: modelId, modelTable: 'no_such_table' })).body.code).toBe(400);
    expect((await post('/blade-develop/model/submit', { id: modelId, modelRemark: '备注' })).body.code).toBe(200);
    expect((await get('/blade-develop/model/detail', { id: modelId })).body.data.modelTable).toBe(maria);
  });

  it('bad tables: no primary key, an unmappable column, SQL in the code row\'s table name — a clear message and nothing written', async () => {
    for (const [table, message] of [
      [noKey, `the table ${noKey} has no primary key: add one before generating`],
      [blob, `the column photo of ${blob} has the type blob, which cannot be mapped to a form field`],
    ]) {
      const codeId = await addCode(await addModel(mariaSource, table), table);
      const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId }, en());
      expect(res.body).toMatchObject({ code: 400, msg: message });
      expect(existsSync(generatedFile(table))).toBe(false);
    }
    const injected = 'x; drop table users';
    const codeId = await addCode(await addModel(mariaSource, maria), injected, { codeName: '注入', serviceName: 'blade-inject' });
    const files = () => readdirSync(t.services.config.runtimeSchemasDir, { recursive: true });
    const before = files();
    const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId }, en());
    expect(res.body).toMatchObject({ code: 400, msg: `invalid table name ${injected}: only letters, digits and underscores are allowed` });
    expect(files()).toEqual(before);
    expect(t.services.models.some((m) => m.apiPath.startsWith('/blade-inject'))).toBe(false);
  });

  it('a data source that became unreachable is a clear message at generation, nothing written', async () => {
    const table = uniqueTable('cg_gone');
    await onMysql(`create table ${table} (id bigint primary key, title varchar(20))`);
    const source = await addDatasource({ name: 'moving', driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' });
    try {
      const codeId = await addCode(await addModel(source, table), table);
      expect((await post('/blade-develop/datasource/submit', { id: source, url: 'jdbc:mysql://127.0.0.1:3399/test' })).body.code).toBe(200);
      const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId });
      expect(res.body).toMatchObject({ code: 400, msg: '无法连接数据库服务器 127.0.0.1:3399,请检查连接地址和端口' });
      expect(existsSync(generatedFile(table))).toBe(false);
      expect((await get('/blade-develop/model/table-list', { datasourceId: source })).body).toMatchObject({ code: 400, msg: '无法连接数据库服务器 127.0.0.1:3399,请检查连接地址和端口' });
    } finally {
      await onMysql(`drop table if exists ${table}`);
    }
  });
});

describe('the platform database (embedded data source)', () => {
  let codeId: string;
  beforeAll(async () => {
    await sql.raw(`create table cg_note (id bigint primary key, title varchar(80) not null, body text, rating integer,
      tenant_id varchar(12) not null default '000000', create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint,
      update_time timestamp(0), status integer not null default 1, is_deleted integer not null default 0)`).execute(t.services.system.database.ownerDb);
    await sql.raw(`comment on column cg_note.title is '标题'`).execute(t.services.system.database.ownerDb);
    const source = await addDatasource({ name: 'embedded', driverClass: 'embedded', url: 'embedded' });
    const modelId = await addModel(source, 'cg_note');
    codeId = await addCode(modelId, 'cg_note', { codeName: '笔记' });
  });

  // Needs the engine's live registry (issue 10, helper plugins); runs as soon as it is on main.
  it('gen-code serves the new API at once, with its menu and buttons', async () => {
    const installFolder = folderState(t.services.config.schemasDir);
    const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId });
    expect(res.body).toMatchObject({ code: 200, msg: '代码生成成功' });
    // Written under DATA_DIR/schemas: the install folder (which may be read-only) is untouched.
    expect(existsSync(generatedFile('cg_note'))).toBe(true);
    expect(t.services.config.runtimeSchemasDir.startsWith(t.services.config.dataDir)).toBe(true);
    expect(folderState(t.services.config.schemasDir)).toEqual(installFolder);
    const added = await post('/blade-demo/note/submit', { title: '第一条', rating: 3 });
    expect(added.body.data).toMatchObject({ title: '第一条', rating: 3, tenantId: '000000' });
    const missing = await post('/blade-demo/note/submit', { rating: 3 });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入标题' });
    const page = await get('/blade-demo/note/list', { title: '第一' });
    expect(page.body.data.records.map((r: any) => r.title)).toEqual(['第一条']);
    const id = page.body.data.records[0].id;
    expect((await post('/blade-demo/note/submit', { id, title: '改过' })).body.data.title).toBe('改过');
    expect((await post('/blade-demo/note/remove', undefined, { ids: id })).body.code).toBe(200);
    expect((await get('/blade-demo/note/list')).body.data.total).toBe(0);
    const routes = JSON.stringify((await get('/blade-system/menu/routes')).body.data);
    expect(routes).toContain('/demo/note');
    const buttons = JSON.stringify((await get('/blade-system/menu/buttons')).body.data);
    expect(buttons).toContain('demo_note_add');
    const models = (await get('/atrium/schemas')).body.data;
    expect(models.map((m: any) => m.key)).toContain('demo/note');
  });

  it('regeneration keeps a developer\'s hand edits and answers the diff', async () => {
    expect((await post('/blade-develop/code/gen-code', undefined, { ids: codeId })).body.code).toBe(200);
    const file = generatedFile('cg_note');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.title['x-label'].en = 'Headline';
    schema['x-list'].columns = ['title'];
    const edited = JSON.stringify(schema, null, 2);
    writeFileSync(file, edited);
    await sql.raw(`alter table cg_note add column author varchar(32)`).execute(t.services.system.database.ownerDb);
    const preview = await post('/blade-develop/code/gen-code', undefined, { ids: codeId, preview: 'true' });
    expect(preview.body.data.files[0]).toMatchObject({ changed: true, diff: expect.stringContaining('+    "author"') });
    expect(preview.body.data.preview).toBe(preview.body.data.files[0].diff);
    expect(preview.body.data.files[0].diff).not.toMatch(/^\+.*"Title"/m);
    expect(preview.body.data.files[0].diff).toMatch(/^\+.*"Headline"/m);
    expect(readFileSync(file, 'utf8')).toBe(edited);
    const fieldsOfNote = () => t.services.models.find((m) => m.key === 'demo/note')!.fields.map((f) => f.name);
    expect(fieldsOfNote()).not.toContain('author');
    const res = await post('/blade-develop/code/gen-code', undefined, { ids: codeId });
    expect(res.body.code).toBe(200);
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.properties.title['x-label'].en).toBe('Headline');
    expect(after['x-list'].columns).toEqual(['title']);
    expect(after.properties.author).toMatchObject({ type: 'string', maxLength: 32 });
    expect(res.body.data.files[0].diff).toContain('+    "author"');
    expect(fieldsOfNote()).toContain('author');
    const again = await post('/blade-develop/code/gen-code', undefined, { ids: codeId, preview: 'true' }, en());
    expect(again.body.data.preview).toBe('demo/note.json: the same as the file on disk, nothing changes');
  });

  it('copy adds the row again named <name>-copy', async () => {
    const res = await post('/blade-develop/code/copy', undefined, { id: codeId });
    expect(res.body.msg).toBe('复制成功!');
    const names = (await get('/blade-develop/code/list', { codeName: '笔记' })).body.data.records.map((r: any) => r.codeName);
    expect(names.sort()).toEqual(['笔记', '笔记-copy']);
  });
});

describe('only the platform administrator', () => {
  it('a signed-in user without the administrator role is refused', async () => {
    const res = await get('/blade-develop/datasource/list', undefined, { ...(await t.login({ username: 'hr', password: '123456' })) });
    expect(res.status).toBe(403);
  });

  it('a path no route serves is a 404 for the administrator, not a 401 that signs the console out', async () => {
    for (const path of ['/api/blade-develop/datasource/test', '/blade-develop/nothing']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.call({ method, url: path, headers });
        expect(res.body, `${method} ${path}`).toMatchObject({ code: 404, success: false });
      }
    }
  });
});

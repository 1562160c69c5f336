import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, onPostgres, uniqueTable } from '../support/external-databases.js';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The attack: the platform administrator points code generation at a table holding
 * password hashes, salts, tokens and keys (blade_user through a data source on the same
 * database) and reads them through the generated screen. Generated schemas mark such
 * columns x-secret (a password input, never listed or searched): lists and write answers
 * leave them out, a detail answers ******. Columns that only look alike stay plain.
 */
let t: TestApp;
let headers: Record<string, string>;
let argon: string;
const table = uniqueTable('cg_account');
const SECRETS = ['password', 'passwordSalt', 'apiKey', 'accessToken', 'clientSecret', 'privateKey', 'pwd'];
const PLAIN = ['account', 'tokenType', 'passRate', 'dictKey', 'fileHash', 'signName'];

const post = (url: string, payload?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url: `/api${url}`, headers, payload: payload as any, query });
const get = (url: string, query?: Record<string, string>) => t.call({ method: 'GET', url: `/api${url}`, headers, query });

async function generate(opts: { url: string; table: string; module: string }): Promise<Record<string, any>> {
  const source = await post('/blade-develop/datasource/submit', { name: uniqueTable('src'), driverClass: 'org.postgresql.Driver', url: opts.url, username: 'postgres' });
  expect(source.body.code, JSON.stringify(source.body)).toBe(200);
  const model = await post('/blade-develop/model/submit', { datasourceId: source.body.data.id, modelTable: opts.table, modelClass: 'Account', modelName: uniqueTable('账户'), modelCode: uniqueTable('m') });
  expect(model.body.code, JSON.stringify(model.body)).toBe(200);
  const code = await post('/blade-develop/code/submit', { modelId: model.body.data.id, codeName: '账户', serviceName: `blade-${opts.module}`, tableName: opts.table, packageName: `org.springblade.${opts.module}` });
  const res = await post('/blade-develop/code/gen-code', undefined, { ids: code.body.data.id });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const file = join(t.services.config.runtimeSchemasDir, opts.module, `${opts.table.replace(/_/g, '-')}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** No answer of the generated API carries the stored secrets. */
async function expectNothingLeaks(api: string, leaked: string[]) {
  const list = await get(`${api}/list`, { size: '200' });
  expect(list.status).toBe(200);
  expect(list.body.data.records.length).toBeGreaterThan(0);
  const id = String(list.body.data.records[0].id);
  const detail = await get(`${api}/detail`, { id });
  for (const answer of [list.body, detail.body]) for (const secret of leaked) expect(JSON.stringify(answer)).not.toContain(secret);
  return detail.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  t = await startTestApp({ seedRegions: false });
  headers = await t.login();
  argon = await hash('Typed-pw-9');
  await onPostgres(
    `create table ${table} (id bigserial primary key, account varchar(45) not null, password varchar(100) not null, password_salt varchar(32), pwd varchar(64),
      api_key varchar(64), access_token varchar(255), client_secret varchar(64), private_key text,
      token_type varchar(16), pass_rate integer, dict_key varchar(32), file_hash varchar(64), sign_name varchar(32))`,
    `insert into ${table} (account, password, password_salt, pwd, api_key, access_token, client_secret, private_key, token_type, pass_rate, dict_key, file_hash, sign_name)
      values ('ann', '${argon}', 'salt-3f9a', 'pwd-77c1', 'ak-live-5b2e', 'eyJ.token.9c4d', 'cs-8e1f', '-----BEGIN PRIVATE KEY-----x', 'bearer', 90, 'k1', 'h-1234', '签名')`,
  );
});
afterAll(async () => {
  await t?.close();
  await onPostgres(`drop table if exists ${table}`);
});

describe('code generation over a table with passwords, salts, tokens and keys', () => {
  it('marks those columns x-secret with a password input, lists and searches none of them, and keeps look-alikes plain', async () => {
    const schema = await generate({ url: PG_URL, table, module: 'vault' });
    for (const name of SECRETS) {
      expect(schema.properties[name], name).toMatchObject({ 'x-secret': true, 'x-widget': 'password' });
      expect(schema['x-list'].columns, name).not.toContain(name);
      expect(JSON.stringify(schema['x-list'].search), name).not.toContain(`"${name}"`);
    }
    for (const name of PLAIN) expect(schema.properties[name], name).not.toHaveProperty('x-secret');
    expect(schema['x-list'].columns).toEqual(expect.arrayContaining(['account', 'tokenType', 'passRate', 'dictKey', 'fileHash', 'signName']));
  });

  it('the generated API never answers the stored hash, salt, token or keys; a detail shows ****** for each', async () => {
    const schema = JSON.parse(readFileSync(join(t.services.config.runtimeSchemasDir, 'vault', `${table.replace(/_/g, '-')}.json`), 'utf8'));
    const api = schema['x-api'].path as string;
    const detail = await expectNothingLeaks(api, [argon, 'salt-3f9a', 'pwd-77c1', 'ak-live-5b2e', 'eyJ.token.9c4d', 'cs-8e1f', 'BEGIN PRIVATE KEY']);
    for (const name of SECRETS) expect(detail[name], name).toBe('******');
    expect(detail).toMatchObject({ account: 'ann', tokenType: 'bearer', passRate: 90, dictKey: 'k1', fileHash: 'h-1234' });
    const probe = await get(`${api}/list`, { password: argon });
    expect(JSON.stringify(probe.body)).not.toContain(argon);
    // An edit that sends the mask back keeps the stored value.
    const id = String((await get(`${api}/list`)).body.data.records[0].id);
    expect((await post(`${api}/submit`, { ...detail, id, account: 'ann-2' })).body.code).toBe(200);
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      const { rows } = await c.query(`select account, password, api_key from ${table} where id = $1`, [id]);
      expect(rows).toEqual([{ account: 'ann-2', password: argon, api_key: 'ak-live-5b2e' }]);
    } finally {
      await c.end();
    }
  });

  it.runIf(process.env.DATABASE_URL)('a screen generated over blade_user through a data source on the platform database answers no password hash', async () => {
    const url = t.services.config.databaseUrl!;
    const schema = await generate({ url, table: 'blade_user', module: 'leak' });
    expect(schema.properties.password).toMatchObject({ 'x-secret': true });
    const hashes = (await t.services.system.repo.db.selectFrom('blade_user').select('password').execute()).map((u) => String(u.password)).filter(Boolean);
    expect(hashes.length).toBeGreaterThan(0);
    await expectNothingLeaks(schema['x-api'].path, hashes);
  });
});

describe('npx atrium-codegen', () => {
  it('writes the same secret marks as the console', async () => {
    const out = mkdtempSync(join(tmpdir(), 'atrium-cli-'));
    try {
      await promisify(execFile)(process.execPath, [projectPath('codegen/bin/atrium-codegen.mjs'), '--datasource', PG_URL, '--table', table, '--module', 'vault', '--entity', 'account', '--out', out]);
      const schema = JSON.parse(readFileSync(join(out, 'vault', 'account.json'), 'utf8'));
      for (const name of SECRETS) expect(schema.properties[name], name).toMatchObject({ 'x-secret': true, 'x-widget': 'password' });
      for (const name of PLAIN) expect(schema.properties[name], name).not.toHaveProperty('x-secret');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

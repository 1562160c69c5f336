import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSchema } from '../../codegen/index.js';
import { loadSchemas } from '../../src/server/schema/load-schemas.js';
import { MYSQL_URL, PG_URL, onMysql, onPostgres, uniqueTable } from '../support/external-databases.js';
import { projectPath } from '../support/paths.js';

const run = promisify(execFile);
const BIN = projectPath('codegen/bin/atrium-codegen.mjs');

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, LANG: 'en_US.UTF-8' } });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

const table = uniqueTable('cli_item');
const pgTable = uniqueTable('cli_item');
let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'atrium-cli-'));
  await onMysql(`create table ${table} (id bigint primary key auto_increment, name varchar(40) not null comment '名称', qty int) comment = '物品'`);
  await onPostgres(`create table ${pgTable} (code varchar(16) primary key, label varchar(40))`);
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await onMysql(`drop table if exists ${table}`);
  await onPostgres(`drop table if exists ${pgTable}`);
});

describe('npx atrium-codegen', () => {
  it('writes the same schema file as the console, valid and formatted, bound to the named data source', async () => {
    const res = await cli('--datasource', MYSQL_URL, '--table', table, '--module', 'shop', '--prefix', 'cli_', '--bind', 'maria', '--out', out);
    expect(res.code).toBe(0);
    const entity = table.replace(/^cli_/, '').replace(/_/g, '-');
    const file = join(out, 'shop', `${entity}.json`);
    expect(res.out).toContain(`wrote ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(formatSchema(JSON.parse(text))).toBe(text);
    const schema = JSON.parse(text);
    expect(schema).toMatchObject({ 'x-label': { zh: '物品' }, 'x-datasource': 'maria', 'x-api': { path: `/blade-shop/${entity}` }, required: ['name'] });
    expect(schema.properties.name).toMatchObject({ type: 'string', maxLength: 40, 'x-label': { zh: '名称', en: 'Name' } });
    expect(() => loadSchemas(projectPath('schemas'), [out])).not.toThrow();
    expect((await cli('--datasource', MYSQL_URL, '--table', table, '--module', 'shop', '--prefix', 'cli_', '--bind', 'maria', '--out', out)).out).toContain('is up to date');
  });

  it('maps a PostgreSQL table of the platform database with its natural key', async () => {
    const res = await cli('--datasource', PG_URL, '--table', pgTable, '--module', 'shop', '--entity', 'pg-item', '--out', out);
    expect(res.code).toBe(0);
    const schema = JSON.parse(readFileSync(join(out, 'shop', 'pg-item.json'), 'utf8'));
    expect(schema['x-table']).toMatchObject({ name: pgTable, primaryKey: 'code', audit: false, logicalDelete: false });
    expect(schema.properties.code['x-disabled']).toEqual(['edit']);
  });

  it('--preview prints the diff and writes nothing', async () => {
    const res = await cli('--datasource', MYSQL_URL, '--table', table, '--module', 'preview', '--out', out, '--preview');
    expect(res.code).toBe(0);
    expect(res.out).toContain('+  "x-table"');
    expect(existsSync(join(out, 'preview'))).toBe(false);
  });

  it('bad input: a clear message, exit code 1, nothing written', async () => {
    const missing = await cli('--datasource', MYSQL_URL, '--table', 'no_such_table', '--module', 'shop', '--out', out);
    expect(missing).toMatchObject({ code: 1, err: 'the table no_such_table does not exist\n' });
    const down = await cli('--datasource', 'mysql://root@127.0.0.1:3399/test', '--table', table, '--module', 'shop', '--out', out);
    expect(down).toMatchObject({ code: 1, err: 'cannot reach the database server 127.0.0.1:3399: check the host and port of the URL\n' });
    const usage = await cli('--table', table);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: npx atrium-codegen');
  });
});

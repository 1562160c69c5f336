/**
 * `npm run db:migrate` and a tenant in a database of its own (issue 16): a schema change
 * reaches the tenant's database too — planned there (its rows that would not fit counted
 * there, refused unconfirmed), then applied there, each database in its own transaction.
 * Needs PostgreSQL (DATABASE_URL): skipped on the embedded database.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { runMigrate } from '../../src/server/db/migrate-command.js';
import { moveTenantRows } from '../../src/server/modules/tenant/tenant-database-move.js';
import { projectPath } from '../support/paths.js';
import { addTenant } from '../support/second-tenant.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const B = '000001';

function widget(change: boolean) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', 'x-label': { zh: '部件', en: 'Widgets' },
    'x-table': { name: 'demo_widget', tenancy: 'tenant' },
    'x-api': { path: '/demo/widget', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
    required: ['code'],
    properties: {
      code: { type: 'string', maxLength: 32, 'x-label': { zh: '编号', en: 'Code' } },
      qty: change ? { type: 'string', maxLength: 4, 'x-label': { zh: '数量', en: 'Quantity' } } : { type: 'integer', 'x-label': { zh: '数量', en: 'Quantity' } },
      note: { type: 'string', maxLength: change ? 64 : 8, 'x-label': { zh: '备注', en: 'Note' } },
    },
  };
}

let t: TestApp;
let schemasDir: string;
let own: { url: string; drop(): Promise<void> };
let datasourceId: string;

const writeWidget = (change: boolean) => writeFileSync(join(schemasDir, 'demo', 'widget.json'), JSON.stringify(widget(change)));

async function columnsOf(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select column_name as c, data_type || coalesce('(' || character_maximum_length || ')', '') as t
      from information_schema.columns where table_name = 'demo_widget' and column_name in ('qty', 'note')`);
    return Object.fromEntries(rows.map((r) => [r.c, r.t]));
  } finally {
    await client.end();
  }
}

async function migrate(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runMigrate(args, t.services.config, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

beforeAll(async () => {
  if (!onPostgres) return;
  schemasDir = mkdtempSync(join(tmpdir(), 'atrium-tenant-migrate-'));
  cpSync(projectPath('schemas'), schemasDir, { recursive: true });
  mkdirSync(join(schemasDir, 'demo'));
  writeWidget(false);
  t = await startTestApp({ schemasDir, seedRegions: false });
  await addTenant(t.services, B, 'tenant-b-pw');
  const model = t.services.model('demo/widget');
  await t.services.system.repo.insert(model, systemContext(B), { code: 'B1', qty: 12345, note: 'short' });
  await t.services.system.repo.insert(model, systemContext(B), { code: 'B2', qty: 7 });
  own = await createTestDatabase(process.env.DATABASE_URL!);
  const url = new URL(own.url);
  const res = await t.call({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers: await t.login(), payload: {
    name: 'tenant B database', driverClass: 'org.postgresql.Driver', url: `jdbc:postgresql://${url.host}${url.pathname}`, username: url.username || 'postgres',
  } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  datasourceId = res.body.data.id;
  await moveTenantRows(t.services, B, datasourceId, true);
  // The servers are stopped for a migration (the database stays).
  await t.app.close();
  writeWidget(true);
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await t?.close();
  await own?.drop();
  rmSync(schemasDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('npm run db:migrate with a tenant in a database of its own (PostgreSQL)', () => {
  it('plans the tenant database\'s changes too, counting there the rows that would not fit', async () => {
    const { code, out } = await migrate(['--plan']);
    expect(code).toBe(0);
    const [platform, tenant] = out.split(`Tenant database tenant B database (data source ${datasourceId}; tenant ${B}):`);
    expect(tenant).toBeDefined();
    expect(platform).toContain('alter column "qty" type varchar(4)');
    expect(platform).not.toContain('DATA LOSS');
    expect(tenant).toContain('alter column "qty" type varchar(4)');
    expect(tenant).toContain('alter column "note" type varchar(64)');
    expect(tenant).toMatch(/DATA LOSS: 1 row\(s\) would not fit \(keys: \d+\)/);
    expect(await columnsOf(own.url)).toEqual({ qty: 'integer', note: 'character varying(8)' });
  });

  it('refuses, changing no database, while the tenant database would lose data unconfirmed', async () => {
    const { code, out } = await migrate(['--apply']);
    expect(code).toBe(2);
    expect(out).toContain('Refused, nothing was changed: 1 step(s) would lose data');
    expect(await columnsOf(own.url)).toEqual({ qty: 'integer', note: 'character varying(8)' });
    expect(await columnsOf(t.services.config.databaseUrl!)).toEqual({ qty: 'integer', note: 'character varying(8)' });
  });

  it('applies the change in the platform\'s database and in the tenant\'s, each in one transaction', async () => {
    const { code, out } = await migrate(['--apply', '--confirm-data-loss']);
    expect(code, out).toBe(0);
    expect(out).toMatch(/^Applied \d+ statement\(s\) in one transaction\.$/m);
    expect(out).toMatch(new RegExp(`^Tenant database tenant B database \\(data source ${datasourceId}; tenant ${B}\\): applied \\d+ statement\\(s\\)`, 'm'));
    expect(await columnsOf(own.url)).toEqual({ qty: 'character varying(4)', note: 'character varying(64)' });
    expect(await columnsOf(t.services.config.databaseUrl!)).toEqual({ qty: 'character varying(4)', note: 'character varying(64)' });
    const again = await migrate(['--plan']);
    expect(again.out.match(/Every table matches its schema: nothing to migrate\./g)).toHaveLength(2);
  });
});

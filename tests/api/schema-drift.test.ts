import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { runMigrate } from '../../src/server/db/migrate-command.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { projectPath } from '../support/paths.js';
import { BASIC } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

/** A schema as a developer first writes it; the test then edits it the way regeneration would. */
function widget(edit: (json: any) => void = () => {}) {
  const json: any = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    'x-label': { zh: '部件', en: 'Widgets' },
    'x-table': { name: 'demo_widget', indexes: [['code']] },
    'x-api': { path: '/demo/widget', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
    required: ['code'],
    properties: {
      code: { type: 'string', maxLength: 32, 'x-label': { zh: '编号', en: 'Code' } },
      qty: { type: 'integer', 'x-label': { zh: '数量', en: 'Quantity' } },
      note: { type: 'string', maxLength: 64, 'x-label': { zh: '备注', en: 'Note' } },
      grade: { type: 'string', maxLength: 8, 'x-label': { zh: '等级', en: 'Grade' } },
      legacy: { type: 'string', maxLength: 16, 'x-label': { zh: '旧字段', en: 'Legacy' } },
    },
  };
  edit(json);
  return json;
}

const changed = (json: any) => {
  json.properties.qty = { type: 'string', maxLength: 4, 'x-label': { zh: '数量', en: 'Quantity' } };
  json.properties.note.maxLength = 8;
  json.properties.grade = { type: 'integer', 'x-label': { zh: '等级', en: 'Grade' } };
  delete json.properties.legacy;
  json['x-table'].indexes = [];
};

const ctx = { tenantId: '000000', userId: '1', deptId: '1', lang: 'zh' as const };
let schemasDir: string;
let dataDir: string;
let database: { url: string; drop(): Promise<void> } | undefined;
let config: Readonly<Config>;
const ids: Record<string, string> = {};

function writeWidget(json: any) {
  writeFileSync(join(schemasDir, 'demo', 'widget.json'), JSON.stringify(json, null, 2));
}

async function login(built: BuiltApp): Promise<Record<string, string>> {
  const res = await built.app.inject({
    method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
    query: { tenantId: '000000', username: 'admin', password: md5Hex('drift-pw'), grant_type: 'password', scope: 'all' },
  });
  return { authorization: BASIC, 'blade-auth': `bearer ${JSON.parse(res.body).access_token}` };
}

async function migrate(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runMigrate(args, config, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

beforeAll(async () => {
  schemasDir = mkdtempSync(join(tmpdir(), 'atrium-drift-schemas-'));
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-drift-data-'));
  cpSync(projectPath('schemas'), schemasDir, { recursive: true });
  mkdirSync(join(schemasDir, 'demo'));
  writeWidget(widget());
  database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' },
    { adminPassword: 'drift-pw', jwtSecret: 'test-secret-of-at-least-thirty-two-chars', schemasDir, clientDir: projectPath('dist/none') },
  );
  const first = await buildApp(config);
  expect(first.services.drift).toEqual([]);
  const model = first.services.model('demo/widget');
  ids.short = await first.services.system.repo.insert(model, ctx, { code: 'W1', qty: 5, note: 'short', legacy: 'kept', grade: ' 3' });
  ids.long = await first.services.system.repo.insert(model, ctx, { code: 'W2', qty: 7, note: 'a note longer than eight', grade: 'A+' });
  ids.big = await first.services.system.repo.insert(model, ctx, { code: 'W3', qty: 12345, note: 'ok' });
  // A hand-made constraint the schema does not know: note may be empty in the schema.
  await first.services.system.database.ownerDb.schema.alterTable('demo_widget').alterColumn('note', (c) => c.setNotNull()).execute();
  await first.app.close();
  writeWidget(widget(changed));
}, 180_000);

afterAll(async () => {
  await database?.drop();
  rmSync(schemasDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a schema that no longer matches its table', () => {
  let second: BuiltApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    second = await buildApp(config);
    headers = await login(second);
  }, 120_000);
  afterAll(async () => second?.app.close());

  it('is reported at start per file and field: type, length, nullability, a dropped column, an index', async () => {
    const found = second.services.drift.filter((d) => d.model === 'demo/widget')
      .map((d) => [d.kind, d.field ?? d.column ?? d.index, d.actual ?? '', d.expected ?? '']);
    expect(found).toEqual(expect.arrayContaining([
      ['type', 'qty', 'integer', 'varchar(4)'],
      ['length', 'note', 'varchar(64)', 'varchar(8)'],
      ['type', 'grade', 'varchar(8)', 'integer'],
      ['nullability', 'note', 'not null', 'null'],
      ['column-extra', 'legacy', 'varchar(16)', ''],
      ['index-extra', 'ix_demo_widget_code', '', ''],
    ]));
    expect(found).toHaveLength(6);
    for (const d of second.services.drift) expect(d.source).toMatch(/demo[/\\]widget\.json$/);
  });

  it('is served to the platform administrator with what differs and the SQL that fixes it', async () => {
    const res = await second.app.inject({ method: 'GET', url: '/api/atrium/schema-drift', headers });
    const body = JSON.parse(res.body);
    expect(res.statusCode).toBe(200);
    expect(body.data.command).toBe('npm run db:migrate -- --plan');
    const qty = body.data.items.find((i: any) => i.field === 'qty');
    expect(qty.description).toContain('widget.json qty (demo_widget.qty): column type is integer, the schema says varchar(4)');
    expect(qty.fix[0]).toMatch(/^alter table "demo_widget" alter column "qty" type varchar\(4\)/);
    const anonymous = await second.app.inject({ method: 'GET', url: '/api/atrium/schema-drift' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a write on a drifted column with the file, the field and the migrate command, never 服务器异常', async () => {
    const add = await second.app.inject({ method: 'POST', url: '/api/demo/widget/submit', headers, payload: { code: 'W9', qty: 'ab', note: 'x' } });
    const body = JSON.parse(add.body);
    expect(body.msg).not.toContain('服务器异常');
    expect(body.msg).toMatch(/数据表 demo_widget 与 .*widget\.json 不一致/);
    expect(body.msg).toContain('qty: integer → varchar(4)');
    expect(body.msg).toContain('npm run db:migrate -- --plan');
    const edit = await second.app.inject({ method: 'POST', url: '/api/demo/widget/submit', headers: { ...headers, 'accept-language': 'en' }, payload: { id: ids.short, qty: 'ab' } });
    expect(JSON.parse(edit.body).msg).toMatch(/^the table demo_widget does not match .*widget\.json \(.*qty: integer → varchar\(4\).*\); run npm run db:migrate -- --plan/);
    const rows = await second.services.system.database.db.selectFrom('demo_widget').select('code').execute();
    expect(rows.map((r) => r.code).sort()).toEqual(['W1', 'W2', 'W3']);
  });
});

describe('npm run db:migrate', () => {
  it('prints the plan, SQL first, with the rows that would not fit, and changes nothing', async () => {
    const { code, out } = await migrate(['--plan']);
    expect(code).toBe(0);
    expect(out).toContain('alter table "demo_widget" alter column "qty" type varchar(4)');
    expect(out).toContain('alter table "demo_widget" drop column "legacy";');
    expect(out).toContain(`DATA LOSS: 1 row(s) would not fit (keys: ${ids.big})`);
    expect(out).toContain(`DATA LOSS: 1 row(s) would not fit (keys: ${ids.long})`);
    expect(out).toContain(`DATA LOSS: 1 row(s) hold a value in this column (keys: ${ids.short})`);
    // A text that is no number: the integer cast would fail on W2 only (' 3' converts).
    const grade = out.split('\n- ').find((step) => step.includes('widget.json grade'))!;
    expect(grade).toContain('alter column "grade" type integer');
    expect(grade).toContain(`DATA LOSS: 1 row(s) would not fit (keys: ${ids.long})`);
    expect(out).toContain('Nothing was changed');
  });

  it('refuses to apply what would lose data, and rolls nothing forward', async () => {
    const { code, out } = await migrate(['--apply']);
    expect(code).toBe(2);
    expect(out).toContain('Refused, nothing was changed: 4 step(s) would lose data');
    expect((await migrate(['--plan'])).out).toContain('alter column "qty" type varchar(4)');
  });

  it('rejects unknown arguments with its usage', async () => {
    expect(await migrate(['--apply', '--yes'])).toEqual({ code: 1, out: expect.stringContaining('usage: npm run db:migrate') });
  });

  it('applies in one transaction with --confirm-data-loss; the next start has no drift and writes work', async () => {
    const { code, out } = await migrate(['--apply', '--confirm-data-loss']);
    expect(code, out).toBe(0);
    expect(out).toMatch(/Applied \d+ statement\(s\) in one transaction/);
    expect((await migrate(['--plan'])).out).toContain('nothing to migrate');
    const third = await buildApp(config);
    try {
      expect(third.services.drift).toEqual([]);
      const model = third.services.model('demo/widget');
      await third.services.system.repo.update(model, ctx, ids.short, { qty: 'ab' });
      expect(await third.services.system.repo.findByKey(model, ctx, ids.short)).toMatchObject({ qty: 'ab', note: 'short' });
      expect(await third.services.system.repo.findByKey(model, ctx, ids.long)).toMatchObject({ note: 'a note l', grade: null });
      expect((await third.services.system.repo.findByKey(model, ctx, ids.short))?.grade).toBe(3);
      expect(await third.services.system.repo.findByKey(model, ctx, ids.big)).toMatchObject({ qty: '1234' });
    } finally {
      await third.app.close();
    }
  }, 120_000);

  it('is the documented npm script, reading the server\'s environment', () => {
    const run = spawnSync('npm', ['run', '-s', 'db:migrate', '--', '--plan'], {
      cwd: projectPath('.'), encoding: 'utf8', timeout: 120_000,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', SCHEMAS_DIR: schemasDir },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Every table matches its schema: nothing to migrate.');
  }, 130_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasWithExpense, expenseSchema } from '../support/expense-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';

// An entity with two unique keys. Concurrent submits pass the engine's check before either
// commits, so the database's unique index refuses the later ones: the answer must carry the
// message of the key that index belongs to, not the first key's.
const badge = {
  ...expenseSchema,
  'x-label': { zh: '工牌', en: 'Badges' },
  'x-table': {
    name: 'demo_badge',
    tenancy: 'tenant',
    unique: [
      { fields: ['code'], message: { zh: '工牌编号已存在!', en: 'the badge code already exists' } },
      { fields: ['holder'], message: { zh: '该持有人已有工牌!', en: 'the holder already has a badge' } },
    ],
  },
  'x-api': { path: '/demo/badge', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['code', 'holder'], search: ['code', 'holder'] },
  'x-menu': { path: '/demo/badge', parent: 'system', sort: 61 },
  'x-actions': undefined,
  required: ['code', 'holder'],
  properties: {
    code: { type: 'string', maxLength: 32, 'x-label': { zh: '编号', en: 'Code' } },
    holder: { type: 'string', maxLength: 32, 'x-label': { zh: '持有人', en: 'Holder' } },
  },
};

let t: TestApp;
let headers: Record<string, string>;
let schemas: { dir: string; remove(): void };

beforeAll(async () => {
  schemas = schemasWithExpense();
  writeFileSync(join(schemas.dir, 'demo', 'badge.json'), JSON.stringify(badge, null, 2));
  t = await startTestApp({ schemasDir: schemas.dir, seedRegions: false });
  headers = await t.login();
}, 180_000);

afterAll(async () => {
  await t?.close();
  schemas?.remove();
});

const submit = (row: Record<string, string>, lang = 'zh') =>
  t.call({ method: 'POST', url: '/api/demo/badge/submit', headers: { ...headers, 'accept-language': lang }, payload: row });

describe('an entity with two unique keys', () => {
  it('refuses a duplicate of the second key with that key\'s message', async () => {
    expect((await submit({ code: 'B-1', holder: 'Ann' })).status).toBe(200);
    expect(await submit({ code: 'B-2', holder: 'Ann' })).toMatchObject({ status: 400, body: { msg: '该持有人已有工牌!' } });
    expect(await submit({ code: 'B-1', holder: 'Bob' }, 'en')).toMatchObject({ status: 400, body: { msg: 'the badge code already exists' } });
  });

  it('saves one of eight truly concurrent submits of one new holder and refuses the others with the holder message', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => submit({ code: `C-${n}`, holder: 'Cleo' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect([refused.status, refused.body.msg]).toEqual([400, '该持有人已有工牌!']);
    const list = await t.call({ method: 'GET', url: '/api/demo/badge/list', headers, query: { holder: 'Cleo', current: '1', size: '20' } });
    expect(list.body.data.total).toBe(1);
  });

  // Deterministic on PostgreSQL: another transaction holds an uncommitted row with the holder,
  // so the submit's check sees nothing, its insert waits on the holder's unique index, and
  // fails with a unique violation once that transaction commits.
  it.runIf(process.env.DATABASE_URL)('answers the holder message when the database itself refuses a holder committed during the submit', async () => {
    const outside = new pg.Client({ connectionString: t.services.config.databaseUrl });
    await outside.connect();
    try {
      await outside.query('begin');
      await outside.query("insert into demo_badge (id, tenant_id, code, holder, is_deleted) values (42, '000000', 'D-0', 'Dora', 0)");
      const answer = submit({ code: 'D-1', holder: 'Dora' });
      // Commit only once the submit's insert waits on the index (its check found nothing).
      const waiting = async () => (await t.services.system.database.ownerDb.selectFrom('pg_stat_activity').select(sql<number>`count(*)::int`.as('n'))
        .where('wait_event_type', '=', 'Lock').where('query', 'ilike', 'insert into "demo_badge"%').executeTakeFirst())!.n > 0;
      for (const until = Date.now() + 30_000; !(await waiting());) {
        if (Date.now() > until) throw new Error('the submit never waited on the holder index');
        await new Promise((r) => setTimeout(r, 20));
      }
      await outside.query('commit');
      expect(await answer).toMatchObject({ status: 400, body: { msg: '该持有人已有工牌!' } });
    } finally {
      await outside.end();
    }
    const list = await t.call({ method: 'GET', url: '/api/demo/badge/list', headers, query: { holder: 'Dora', current: '1', size: '20' } });
    expect(list.body.data.records.map((r: { code: string }) => r.code)).toEqual(['D-0']);
  });

  it('refuses a duplicate that only an index the engine did not make finds, with the general message', async () => {
    await sql`create unique index hand_made_badge_code on demo_badge (lower(code)) where is_deleted = 0`.execute(t.services.system.database.ownerDb);
    try {
      expect((await submit({ code: 'E-1', holder: 'Eve' })).status).toBe(200);
      expect(await submit({ code: 'e-1', holder: 'Fay' })).toMatchObject({ status: 400, body: { msg: '已存在相同的记录!' } });
      expect(await submit({ code: 'e-1', holder: 'Fay' }, 'en')).toMatchObject({ status: 400, body: { msg: 'a record with these values already exists' } });
    } finally {
      await sql`drop index hand_made_badge_code`.execute(t.services.system.database.ownerDb);
    }
  });
});

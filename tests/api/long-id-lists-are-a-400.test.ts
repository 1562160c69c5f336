import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { isDatabaseUnavailable } from '../../src/server/db/database-unavailable.js';
import { isTooManyParameters } from '../../src/server/db/too-many-parameters.js';
import { MAX_KEYS_PER_CALL } from '../../src/server/engine/ids.js';
import { carriesKeys } from '../../src/shared/schema/entity-model.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The attack: `remove` (or a grant, a bulk action) with 60,000 ids. One statement binds
 * every id, PostgreSQL takes at most 65,535 parameters, and the answer was 503 「数据库暂不可用」.
 * Every call that takes a list of ids (or keys) now reads it through one parser with one
 * cap per call: past it, a 400 naming the parameter and the cap, in zh and en, and nothing
 * changes. At the cap the call works.
 */
let t: TestApp;
let headers: Record<string, string>;

const fakeIds = (n: number, from = 1_000_000) => Array.from({ length: n }, (_, i) => String(from + i));
const ATTACK = fakeIds(60_000);
const NOTICE = '/api/blade-desk/notice';

/** Both languages refuse with the cap and the parameter's name. */
async function expectCapRefusal(opts: { method: 'GET' | 'POST'; url: string; name: string; query?: Record<string, string>; payload?: object }) {
  for (const [lang, text] of [['zh', /一次最多 1000 项/], ['en', /at most 1000 entries per call/]] as const) {
    const res = await t.call({ method: opts.method, url: opts.url, headers: { ...headers, 'accept-language': lang }, query: opts.query, payload: opts.payload });
    const where = `${opts.method} ${opts.url} (${lang}) → ${JSON.stringify(res.body).slice(0, 200)}`;
    expect(res.status, where).toBe(400);
    expect(res.body, where).toMatchObject({ code: 400, success: false });
    expect(res.body.msg, where).toMatch(text);
    expect(res.body.msg, where).toContain(opts.name);
  }
}

const addNotice = (title: string) => t.services.system.repo.insert(t.services.model('desk/notice'), systemContext('000000'), { title, category: 1, releaseTime: '2026-01-01 09:00:00' });
const liveNotices = async (ids: string[]) => Number((await sql<{ n: string }>`select count(*) as n from blade_notice where is_deleted = 0 and id in (${sql.join(ids)})`
  .execute(t.services.system.repo.db)).rows[0].n);

beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
});
afterAll(() => t?.close());

describe('60,000 ids in one call', () => {
  it('are refused by every remove endpoint of every schema, sent in the body, and remove nothing', async () => {
    const kept = await addNotice('kept-under-attack');
    const targets = t.services.models.filter((m) => m.endpoints.remove);
    expect(targets.length).toBeGreaterThan(20);
    for (const model of targets) {
      const ids = model.key === 'desk/notice' ? [kept, ...ATTACK].join(',') : ATTACK.join(',');
      await expectCapRefusal({ method: 'POST', url: `/api${model.apiPath}/${model.endpoints.remove!.action}`, name: 'ids', payload: { ids } });
    }
    expect(await liveNotices([kept])).toBe(1);
  }, 120_000);

  it('are refused by every schema action (x-actions), in the query string', async () => {
    // Actions that carry no keys (no rows, a body of their own) or call nothing (open, link, none).
    const targets = t.services.models.flatMap((model) => model.actions.filter(carriesKeys).map((action) => ({ model, action })));
    expect(targets.length).toBeGreaterThan(2);
    for (const { model, action } of targets) {
      await expectCapRefusal({ method: 'POST', url: `/api${model.apiPath}/${action.path}`, name: action.param, query: { [action.param]: ATTACK.join(',') } });
    }
  }, 120_000);

  it('are refused by the grants and bulk changes of the modules, as JSON arrays or comma-joined', async () => {
    const joined = ATTACK.join(',');
    const calls: { method: 'GET' | 'POST'; url: string; name: string; query?: Record<string, string>; payload?: object }[] = [
      { method: 'POST', url: '/api/blade-system/role/grant', name: 'menuIds', payload: { roleIds: ['1'], menuIds: ATTACK } },
      { method: 'POST', url: '/api/blade-system/role/grant', name: 'roleIds', payload: { roleIds: ATTACK, menuIds: [] } },
      { method: 'POST', url: '/api/blade-system/topmenu/grant', name: 'menuIds', payload: { topMenuIds: ['1'], menuIds: joined } },
      { method: 'POST', url: '/api/blade-user/grant', name: 'userIds', payload: { userIds: joined, roleIds: '1' } },
      { method: 'POST', url: '/api/blade-user/approve', name: 'userIds', payload: { userIds: joined } },
      { method: 'POST', url: '/api/blade-system/tenant/setting', name: 'ids', payload: { ids: joined, accountNumber: '5' } },
      { method: 'GET', url: '/api/blade-system/menu/role-tree-keys', name: 'roleIds', query: { roleIds: joined } },
      { method: 'GET', url: '/api/blade-system/menu/top-tree-keys', name: 'topMenuIds', query: { topMenuIds: joined } },
      { method: 'GET', url: '/api/blade-system/role/select', name: 'roleId', query: { roleId: joined } },
      { method: 'GET', url: '/api/blade-system/dept/select', name: 'deptId', query: { deptId: joined } },
      { method: 'POST', url: '/api/blade-flow/model/remove', name: 'ids', payload: { ids: joined } },
      { method: 'POST', url: '/api/blade-flow/manager/delete-deployment', name: 'deploymentIds', payload: { deploymentIds: joined } },
      { method: 'POST', url: '/api/blade-resource/oss/endpoint/remove-files', name: 'fileNames', payload: { fileNames: ATTACK.map((id) => `upload/${id}.png`).join(',') } },
    ];
    for (const call of calls) await expectCapRefusal(call);
  }, 120_000);
});

describe('the cap', () => {
  it(`is ${MAX_KEYS_PER_CALL} per call: exactly that many ids remove their rows, one more is refused`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_KEYS_PER_CALL; i += 1) ids.push(await addNotice(`at-cap-${i}`));
    await expectCapRefusal({ method: 'POST', url: `${NOTICE}/remove`, name: 'ids', payload: { ids: [...ids, '1'].join(',') } });
    expect(await liveNotices(ids)).toBe(MAX_KEYS_PER_CALL);
    const res = await t.call({ method: 'POST', url: `${NOTICE}/remove`, headers, payload: { ids: ids.join(',') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await liveNotices(ids)).toBe(0);
  }, 120_000);

  it('counts distinct ids: the same id sent many times is one', async () => {
    const id = await addNotice('repeated');
    const res = await t.call({ method: 'POST', url: `${NOTICE}/remove`, headers, payload: { ids: Array(5_000).fill(id).join(',') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await liveNotices([id])).toBe(0);
  });
});

describe('a statement that binds more parameters than PostgreSQL takes', () => {
  it('is told from an outage (bad input, the connection stays usable)', async () => {
    const db = t.services.system.repo.db;
    const error = await db.selectFrom('blade_notice').select('id').where('id', 'in', fakeIds(70_000)).execute().then(() => undefined, (e: unknown) => e);
    expect(error, 'the statement should have failed').toBeDefined();
    expect(isTooManyParameters(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0].one).toBe(1);
    expect((await t.call({ method: 'GET', url: `${NOTICE}/list`, headers })).status).toBe(200);
  });
});

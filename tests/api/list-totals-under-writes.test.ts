import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { AppServices } from '../../src/server/app-services.js';
import { loadConfig } from '../../src/server/config.js';
import { md5Hex } from '../../src/server/seed/run-seed.js';
import { createTestDatabase } from '../support/test-database.js';
import { BASIC } from '../support/test-app.js';
import { KEPT_ROW_MAX_AGE_MS } from '../../src/server/engine/list-reader/kept-rows.js';

/*
 * List totals follow each committed write instead of being counted anew: checked against
 * count(*) after truly concurrent submits, updates and removes (some of which roll back),
 * through HTTP. With DATABASE_URL + REDIS_URL two apps share the database and the store,
 * writing and reading through both; on the embedded database one app.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const PASSWORD = 'totals-admin-pw';
const TAG = `tw${Date.now().toString(36)}`;

type App = Awaited<ReturnType<typeof buildApp>>;
const apps: App[] = [];
const headers: Record<string, string>[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-totals-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  cleanups.push(async () => { await database?.drop(); rmSync(dataDir, { recursive: true, force: true }); });
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' },
    { adminPassword: PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
  );
  for (let i = 0; i < (shared ? 2 : 1); i++) {
    const built = await buildApp(config);
    await built.app.ready();
    apps.push(built);
    const res = await built.app.inject({
      method: 'POST', url: '/api/blade-auth/oauth/token', headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'admin', password: md5Hex(PASSWORD), grant_type: 'password', scope: 'all' },
    });
    headers.push({ authorization: BASIC, 'blade-auth': `bearer ${JSON.parse(res.body).access_token}` });
  }
}, 120_000);
afterAll(async () => {
  for (const a of apps) await a.app.close();
  for (const c of cleanups) await c();
});

const pick = (i: number) => i % apps.length;

async function call(i: number, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await apps[pick(i)].app.inject({ method, url, headers: headers[pick(i)], payload: body });
  return JSON.parse(res.body);
}

/** The filters of the test: evaluable by the engine (all, contains, prefix key) and not (a date range). */
const FILTERS: Record<string, { query: string; where: ReturnType<typeof sql> }> = {
  all: { query: '', where: sql`true` },
  nameA: { query: `paramName=${TAG}%20A`, where: sql`param_name like ${`%${TAG} A%`}` },
  keyB: { query: `paramKey_likeright=${TAG}.b`, where: sql`param_key like ${`${TAG}.b%`}` },
  since: { query: 'createTime_datege=2000-01-01%2000:00:00', where: sql`create_time >= '2000-01-01'` },
};

const listTotal = async (i: number, filter: string) =>
  (await call(i, 'GET', `/api/blade-system/param/list?current=1&size=5&${FILTERS[filter].query}`)).data.total as number;

const firstPage = async (i: number, filter: string) =>
  (await call(i, 'GET', `/api/blade-system/param/list?current=1&size=5&${FILTERS[filter].query}`)).data.records.map((r: { id: string }) => String(r.id));

async function firstKeys(filter: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from blade_param where is_deleted = 0 and ${FILTERS[filter].where} order by id desc limit 5`.execute(apps[0].services.system.repo.db);
  return rows.map((r) => String(r.id));
}

async function counted(filter: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from blade_param where is_deleted = 0 and ${FILTERS[filter].where}`.execute(apps[0].services.system.repo.db);
  return Number(rows[0].n);
}

const DEEP_BASE = '1000000000000000';
const deepPage = async (i: number, current: number) =>
  (await call(i, 'GET', `/api/blade-system/param/list?current=${current}&size=10`)).data.records.map((r: { id: string }) => String(r.id));

async function keysAtOffset(offset: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from blade_param where is_deleted = 0 order by id desc limit 10 offset ${offset}`.execute(apps[0].services.system.repo.db);
  return rows.map((r) => String(r.id));
}

const submit = (i: number, record: object) => call(i, 'POST', '/api/blade-system/param/submit', record);
const record = (group: 'A' | 'B', n: number) => ({ paramName: `${TAG} ${group} ${n}`, paramKey: `${TAG}.${group.toLowerCase()}.${n}`, paramValue: String(n) });
const misses = (services: AppServices) => services.listStats.totals.misses;

describe('list totals under concurrent writes', () => {
  it('equal count(*) after concurrent submits, updates, removes and refused writes on every filter', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push(String((await submit(n, record(n % 2 ? 'B' : 'A', n))).data.id));
    for (const f of Object.keys(FILTERS)) for (let i = 0; i < apps.length; i++) await firstPage(i, f);

    const writes: Promise<unknown>[] = [];
    for (let n = 30; n < 90; n++) writes.push(submit(n, record(n % 3 ? 'A' : 'B', n)));
    // A second submit of a key already used: refused, nothing written.
    for (let n = 30; n < 40; n++) writes.push(submit(n + 1, record(n % 3 ? 'A' : 'B', n)));
    for (let n = 0; n < 10; n++) writes.push(call(n, 'POST', `/api/blade-system/param/remove?ids=${ids[n]}`));
    // Renames move rows between the filters; a rename to a taken key is refused.
    for (let n = 10; n < 20; n++) writes.push(submit(n, { id: ids[n], ...record(n % 2 ? 'A' : 'B', 1000 + n) }));
    for (let n = 20; n < 25; n++) writes.push(submit(n, { id: ids[n], ...record('A', 31) }));
    for (let n = 0; n < 40; n++) writes.push(listTotal(n, Object.keys(FILTERS)[n % 4]), firstPage(n + 1, Object.keys(FILTERS)[n % 4]));
    await Promise.all(writes);

    for (const f of Object.keys(FILTERS)) {
      const expected = await counted(f);
      for (let i = 0; i < apps.length; i++) expect(await listTotal(i, f), `${f} on app ${i}`).toBe(expected);
      for (let i = 0; i < apps.length; i++) expect(await firstPage(i, f), `first page of ${f} on app ${i}`).toEqual(await firstKeys(f));
    }
    expect(await counted('nameA')).toBeGreaterThan(20);
  });

  it('follow a write without counting anew, except on filters the engine cannot evaluate', async () => {
    for (const f of Object.keys(FILTERS)) await listTotal(0, f);
    const before = { nameA: await listTotal(0, 'nameA'), keyB: await listTotal(0, 'keyB'), since: await listTotal(0, 'since') };
    await submit(apps.length - 1, record('A', 5000));
    const start = misses(apps[0].services);
    expect(await listTotal(0, 'nameA')).toBe(before.nameA + 1);
    expect(await listTotal(0, 'keyB')).toBe(before.keyB);
    expect(misses(apps[0].services)).toBe(start);
    expect(await listTotal(0, 'since')).toBe(before.since + 1);
    expect(misses(apps[0].services)).toBe(start + 1);
  });

  it('serve deep pages from anchors that follow concurrent writes, equal to the offset query', async () => {
    const db = apps[0].services.system.repo.db;
    // 1,500 old rows (small ids, at the end of the newest-first list), written outside the engine and announced as such.
    await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
      select ${DEEP_BASE}::bigint + g, ${TAG} || ' deep ' || g, ${TAG} || '.deep.' || g, g::text, 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
      from generate_series(1, 1500) g`.execute(db);
    await apps[0].services.tableWritten('blade_param');
    const pages = [51, 52, 60, 75, 90, 120];
    for (let i = 0; i < apps.length; i++) for (const p of pages) await deepPage(i, p);

    // New rows at the head shift every deep page; removes and renames of deep rows move the anchors' ranks.
    const writes: Promise<unknown>[] = [];
    for (let n = 0; n < 40; n++) writes.push(submit(n, record('B', 7000 + n)));
    for (let g = 600; g < 640; g++) writes.push(call(g, 'POST', `/api/blade-system/param/remove?ids=${BigInt(DEEP_BASE) + BigInt(g)}`));
    for (let g = 900; g < 910; g++) writes.push(submit(g, { id: String(BigInt(DEEP_BASE) + BigInt(g)), paramName: `${TAG} renamed ${g}`, paramKey: `${TAG}.renamed.${g}`, paramValue: '1' }));
    for (let n = 0; n < 30; n++) writes.push(deepPage(n, pages[n % pages.length]));
    await Promise.all(writes);

    const before = apps[0].services.listStats.anchors.hits;
    for (const p of pages) {
      const expected = await keysAtOffset((p - 1) * 10);
      for (let i = 0; i < apps.length; i++) expect(await deepPage(i, p), `page ${p} on app ${i}`).toEqual(expected);
    }
    expect(apps[0].services.listStats.anchors.hits).toBeGreaterThan(before);
  });

  it('share one walk among concurrent requests for a page no anchor serves, and keep a deep page served while more rows than its slack arrive ahead of it', async () => {
    // 3,000 more old rows at the list's end: page 300 lies past the reach of every anchor the test above made.
    await sql`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
      select ${DEEP_BASE}::bigint - 5000 + g, ${TAG} || ' older ' || g, ${TAG} || '.older.' || g, g::text, 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)
      from generate_series(1, 3000) g`.execute(apps[0].services.system.repo.db);
    await apps[0].services.tableWritten('blade_param');
    const anchors = apps[0].services.listStats.anchors;
    const p = 300;
    const before = { ...anchors };
    const together = await Promise.all(Array.from({ length: 10 }, () => deepPage(0, p)));
    expect(anchors.misses - before.misses, 'ten concurrent requests of an unanchored page: one walk').toBe(1);
    expect(together.every((keys) => keys.join() === together[0].join())).toBe(true);
    expect(together[0]).toEqual(await keysAtOffset((p - 1) * 10));
    expect(together[0]).toHaveLength(10);

    // 320 new rows at the head (more than ANCHOR_SLACK) move the page's anchor past it; the page is asked after every 16.
    const missed = anchors.misses;
    for (let n = 0; n < 320; n += 16) {
      await Promise.all(Array.from({ length: 16 }, (_, k) => submit(n + k, record('B', 9000 + n + k))));
      expect(await deepPage(0, p), `after ${n + 16} new rows`).toEqual(await keysAtOffset((p - 1) * 10));
    }
    expect(anchors.misses, 'no request waited for a new walk').toBe(missed);
  });

  it('read a row a write just moved into a page once for many concurrent requests, and a deep page\'s neighbours along with it', async () => {
    const kept = apps[0].services.listStats.rows;
    const first = () => call(0, 'GET', '/api/blade-system/param/list?current=1&size=5').then((r) => r.data.records.map((x: { id: string; paramName: string }) => `${x.id} ${x.paramName}`));
    await first();
    const added = (await submit(0, record('A', 9900))).data;
    const reads = kept.reads;
    const pages = await Promise.all(Array.from({ length: 12 }, first));
    expect(kept.reads - reads, 'twelve concurrent first pages: one read of the new row').toBe(1);
    for (const p of pages) expect(p[0]).toBe(`${added.id} ${TAG} A 9900`);

    const p = 120;
    await deepPage(0, p);
    await deepPage(0, p);
    const deepReads = kept.reads;
    for (let n = 0; n < 3; n++) await submit(0, record('B', 9910 + n));
    expect(await deepPage(0, p)).toEqual(await keysAtOffset((p - 1) * 10));
    expect(kept.reads, 'the rows three new head rows moved into the deep page were read with it').toBe(deepReads);
  });

  it('answer kept pages from kept rows, showing every write through either app at once and one made outside Atrium within a second', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push(String((await submit(n, record('A', 8000 + n))).data.id));
    type Shown = { id: string; paramName: string; paramValue: string };
    const page = async (i: number, filter: string) =>
      (await call(i, 'GET', `/api/blade-system/param/list?current=1&size=5&${FILTERS[filter].query}`)).data.records.map((r: Shown) => `${r.id} ${r.paramName} ${r.paramValue}`);
    const stored = async (filter: string) => {
      const { rows } = await sql<Shown>`select id, param_name as "paramName", param_value as "paramValue" from blade_param where is_deleted = 0 and ${FILTERS[filter].where} order by id desc limit 5`.execute(apps[0].services.system.repo.db);
      return rows.map((r) => `${r.id} ${r.paramName} ${r.paramValue}`);
    };
    for (let i = 0; i < apps.length; i++) await page(i, 'nameA');
    const kept = apps[0].services.listStats.rows;
    const before = { ...kept };
    expect(await page(0, 'nameA')).toEqual(await stored('nameA'));
    expect(kept.hits - before.hits, 'a page read twice answers from kept rows').toBe(5);
    expect(kept.misses).toBe(before.misses);

    // Renames (one moving a row out of the filter) and removes through both apps, while both read the page.
    const work: Promise<unknown>[] = [];
    for (let n = 0; n < 3; n++) work.push(submit(n + 1, { id: ids[n], paramName: `${TAG} A renamed ${n}`, paramKey: `${TAG}.a.${8000 + n}`, paramValue: `v${n}` }));
    work.push(submit(0, { id: ids[3], paramName: `${TAG} moved out`, paramKey: `${TAG}.a.8003`, paramValue: 'x' }));
    work.push(call(1, 'POST', `/api/blade-system/param/remove?ids=${ids[4]}`));
    for (let n = 0; n < 20; n++) work.push(page(n, 'nameA'), page(n + 1, 'all'));
    await Promise.all(work);
    for (const f of ['nameA', 'all']) {
      for (let i = 0; i < apps.length; i++) expect(await page(i, f), `${f} on app ${i}`).toEqual(await stored(f));
    }

    // SQL outside Atrium is not logged: the kept row may show the old value, but not for longer than KEPT_ROW_MAX_AGE_MS.
    await sql`update blade_param set param_value = 'changed outside' where id = ${ids[0]}`.execute(apps[0].services.system.repo.db);
    await new Promise((r) => setTimeout(r, KEPT_ROW_MAX_AGE_MS + 50));
    for (let i = 0; i < apps.length; i++) expect(await page(i, 'nameA'), `app ${i}`).toEqual(await stored('nameA'));
    expect((await stored('nameA')).filter((r) => r.includes('changed outside'))).toHaveLength(1);
  });

  it('answer a detail read again from its kept row, showing every write through either app at once and one made outside Atrium within a second', async () => {
    const id = String((await submit(0, record('A', 8100))).data.id);
    type Shown = { code: number; data?: { paramName: string; paramValue: string } };
    const detail = async (i: number, key = id) => {
      const shown = (await call(i, 'GET', `/api/blade-system/param/detail?id=${key}`)) as Shown;
      return shown.code === 200 ? `${shown.data!.paramName} ${shown.data!.paramValue}` : String(shown.code);
    };
    const stored = async () => {
      const { rows } = await sql<{ shown: string }>`select param_name || ' ' || param_value as shown from blade_param where id = ${id} and is_deleted = 0`.execute(apps[0].services.system.repo.db);
      return rows[0]?.shown ?? '404';
    };
    // A first read keeps the row at the log's position as last read, before the row's own insert; the next one reads it anew at the current position.
    for (let n = 0; n < 2; n++) for (let i = 0; i < apps.length; i++) await detail(i);
    const kept = apps[0].services.listStats.rows;
    const before = { ...kept };
    expect(await detail(0)).toBe(await stored());
    expect([kept.hits - before.hits, kept.misses - before.misses], 'a detail read twice answers from its kept row').toEqual([1, 0]);
    expect(await detail(0, `0${id}`), 'a key written otherwise is read, and finds the row').toBe(await stored());

    // Edits through both apps while both read the row: once they are answered, every detail shows the last one.
    for (let round = 0; round < 3; round++) {
      const work: Promise<unknown>[] = [];
      for (let n = 0; n < 10; n++) work.push(detail(n));
      work.push(submit(round, { id, paramName: `${TAG} A detail ${round}`, paramKey: `${TAG}.a.8100`, paramValue: `v${round}` }));
      await Promise.all(work);
      for (let i = 0; i < apps.length; i++) expect(await detail(i), `round ${round} on app ${i}`).toBe(await stored());
    }

    // SQL outside Atrium is not logged: the kept row may show the old value, but not for longer than KEPT_ROW_MAX_AGE_MS.
    await sql`update blade_param set param_value = 'changed outside' where id = ${id}`.execute(apps[0].services.system.repo.db);
    await new Promise((r) => setTimeout(r, KEPT_ROW_MAX_AGE_MS + 50));
    for (let i = 0; i < apps.length; i++) expect(await detail(i), `app ${i}`).toBe(`${TAG} A detail 2 changed outside`);

    await call(apps.length - 1, 'POST', `/api/blade-system/param/remove?ids=${id}`);
    for (let i = 0; i < apps.length; i++) expect(await detail(i), `removed, app ${i}`).toBe('404');
  });

  it('remove a row once when six removes of it arrive at the same time through both apps: one succeeds, five find nothing', async () => {
    const id = String((await submit(0, record('A', 9950))).data.id);
    const before = await listTotal(0, 'all');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => call(n, 'POST', `/api/blade-system/param/remove?ids=${id}`)));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    for (let i = 0; i < apps.length; i++) expect(await listTotal(i, 'all')).toBe(before - 1);
    expect(await counted('all')).toBe(before - 1);
  });

  it('save one of eight truly concurrent submits of one new key through both apps, and refuse the others with the schema message', async () => {
    const before = await listTotal(0, 'all');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => submit(n, { paramName: `${TAG} same ${n}`, paramKey: `${TAG}.same`, paramValue: String(n) })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 200)) expect([refused.code, refused.msg]).toEqual([400, '当前参数键名已存在!']);
    const { rows } = await sql<{ n: string }>`select count(*) as n from blade_param where param_key = ${`${TAG}.same`}`.execute(apps[0].services.system.repo.db);
    expect(Number(rows[0].n)).toBe(1);
    for (let i = 0; i < apps.length; i++) expect(await listTotal(i, 'all'), `app ${i}`).toBe(before + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { systemContext } from '../../src/server/app-services.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
});
afterAll(() => t?.close());

/** Served routes, engine's or a module's: a schema's detail and submit, wherever they come from. */
const served = (method: string, url: string) => t.routes.some((r) => r.method === method && r.url === url);
const canOpenAndSave = (m: EntityModel) =>
  served('GET', `/api${m.apiPath}/detail`) && served('POST', `/api${m.apiPath}/submit`);

/** The seeded rows of the platform tenant (and of shared tables). */
async function seededKeys(model: EntityModel): Promise<string[]> {
  const rows = await t.services.system.repo.list(model, systemContext('000000'), { conditions: [], order: [] });
  return rows.map((row) => String(row[model.primaryKey]));
}

describe('every seeded row opens and saves unchanged (platform administrator)', () => {
  it('covers the schemas whose rows the issue names', () => {
    const keys = t.services.models.filter(canOpenAndSave).map((m) => m.key);
    for (const key of ['system/user', 'resource/oss', 'resource/sms', 'system/param']) expect(keys).toContain(key);
  });

  it('submits what detail answered, for every row of every schema with detail and submit', async () => {
    const failures: string[] = [];
    let saved = 0;
    const openAndSave = async (model: EntityModel, key: string) => {
      const opened = await t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers, query: { [model.primaryKey]: key } });
      if (opened.body.code !== 200) return failures.push(`${model.key} ${key} detail: ${opened.body.msg}`);
      const res = await t.call({ method: 'POST', url: `/api${model.apiPath}/submit`, headers, payload: opened.body.data });
      if (res.body.code !== 200) return failures.push(`${model.key} ${key} submit: ${res.body.msg} ${JSON.stringify(res.body.fieldErrors ?? {})}`);
      saved += 1;
    };
    for (const model of t.services.models.filter(canOpenAndSave)) {
      const keys = await seededKeys(model);
      // A few at a time: hundreds of menus and regions one by one take minutes on PostgreSQL.
      for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((key) => openAndSave(model, key)));
    }
    expect(failures).toEqual([]);
    expect(saved).toBeGreaterThan(0);
  }, 300_000);
});

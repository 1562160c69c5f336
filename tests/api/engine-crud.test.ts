import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { fillPlaceholders } from '../../src/shared/i18n/translate.js';
import { requiredMessage } from '../../src/shared/schema/validation-messages.js';
import { editableTextField, sampleRecord } from '../support/sample-record.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<string, string>;
/** Values a record must take from rows made first: a data model names a real data source and one of its tables. */
const pointers: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  t = await startTestApp();
  headers = await t.login();
  const source = await t.call({ method: 'POST', url: '/api/blade-develop/datasource/submit', headers,
    payload: { name: `crud-embedded-${Date.now()}`, driverClass: 'embedded', url: 'embedded' } });
  pointers['develop/model'] = { datasourceId: String(source.body.data.id), modelTable: 'blade_param' };
});

const sampleOf = (model: EntityModel) => ({ ...sampleRecord(model), ...pointers[model.key] });
afterAll(() => t?.close());

const hasCrud = (m: EntityModel) => ['submit', 'detail', 'remove'].every((a) => m.endpoints[a]);
const pageAction = (m: EntityModel) => Object.values(m.endpoints).find((e) => e.kind === 'page')?.action;

async function submit(model: EntityModel, record: Record<string, unknown>, lang = 'zh') {
  return t.call({ method: 'POST', url: `/api${model.apiPath}/submit`, headers: { ...headers, 'accept-language': lang }, payload: record });
}

async function detail(model: EntityModel, key: string) {
  return t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers, query: { [model.primaryKey]: key } });
}

describe('every schema with CRUD endpoints', () => {
  it('covers the entities of the issue', () => {
    const keys = t.services.models.filter(hasCrud).map((m) => m.key);
    for (const key of ['system/param', 'system/dict', 'system/dict-biz', 'system/post', 'system/client', 'system/tenant-package', 'base/region', 'desk/notice']) {
      expect(keys).toContain(key);
    }
  });

});

describe('generic CRUD, looped over every schema', () => {
  it('adds, reads, changes and removes a record of each entity', async () => {
    for (const model of t.services.models.filter(hasCrud)) {
      const record = sampleOf(model);
      const created = await submit(model, record);
      expect(created.body, `${model.key} submit`).toMatchObject({ code: 200, success: true });
      const key = String(created.body.data[model.primaryKey]);
      expect(key, model.key).not.toBe('');

      const read = await detail(model, key);
      expect(read.body.code, `${model.key} detail`).toBe(200);
      const text = editableTextField(model);
      if (text) expect(read.body.data[text.name]).toBe(record[text.name]);
      // Secrets never in the clear: hashes absent, typed secrets masked when stored.
      for (const secret of model.fields.filter((f) => f.secret)) {
        if (secret.hashed) expect(read.body.data).not.toHaveProperty(secret.name);
        else expect(['', '******'], `${model.key}.${secret.name}`).toContain(read.body.data[secret.name]);
      }

      if (text) {
        const changed = await submit(model, { [model.primaryKey]: key, [text.name]: `changed-${key}`.slice(0, text.maxLength ?? 100) });
        expect(changed.body.code, `${model.key} update`).toBe(200);
        expect((await detail(model, key)).body.data[text.name]).toBe(`changed-${key}`.slice(0, text.maxLength ?? 100));
      }

      const removed = await t.call({ method: 'POST', url: `/api${model.apiPath}/remove`, headers, query: { ids: key } });
      expect(removed.body.code, `${model.key} remove`).toBe(200);
      const gone = await detail(model, key);
      expect(gone.body.code, `${model.key} detail after remove`).toBe(404);
    }
  });

  it('refuses a record with empty required fields (schema messages, request language) and writes nothing', async () => {
    for (const model of t.services.models.filter((m) => hasCrud(m) && m.required.length > 0)) {
      const record = sampleRecord(model);
      for (const name of model.required) record[name] = '';
      const page = pageAction(model);
      const before = page ? (await t.call({ method: 'GET', url: `/api${model.apiPath}/${page}`, headers })).body.data.total : 0;
      for (const lang of ['zh', 'en'] as const) {
        const res = await submit(model, record, lang);
        expect(res.status, model.key).toBe(400);
        expect(res.body.success).toBe(false);
        for (const name of model.required) {
          const field = model.fields.find((f) => f.name === name)!;
          if (field.defaultValue !== undefined) {
            expect(res.body.fieldErrors[name], `${model.key}.${name} takes its default`).toBeUndefined();
            continue;
          }
          const expected = field.messages.required?.[lang];
          if (expected) expect(res.body.fieldErrors[name], `${model.key}.${name} ${lang}`).toBe(expected);
          else expect(res.body.fieldErrors[name], `${model.key}.${name} ${lang}`).toBe(requiredMessage(field, lang));
        }
      }
      if (page) {
        const after = (await t.call({ method: 'GET', url: `/api${model.apiPath}/${page}`, headers })).body.data.total;
        expect(after, model.key).toBe(before);
      }
    }
  });

  it('answers a clear not-found for an unknown key on detail, update and remove', async () => {
    for (const model of t.services.models.filter(hasCrud)) {
      const missing = model.generatedId ? '123456789012345678' : 'nope-missing';
      expect((await detail(model, missing)).body.code, model.key).toBe(404);
      const removed = await t.call({ method: 'POST', url: `/api${model.apiPath}/remove`, headers, query: { ids: missing } });
      expect(removed.body.code, model.key).toBe(404);
      if (model.generatedId) {
        const updated = await submit(model, { ...sampleRecord(model), id: missing });
        expect(updated.body.code, model.key).toBe(404);
      }
    }
  });

  it('rejects a duplicate unique key with the schema message instead of a 500', async () => {
    for (const model of t.services.models.filter((m) => hasCrud(m) && m.unique.length > 0)) {
      const first = sampleOf(model);
      const created = await submit(model, first);
      expect(created.body.code, `${model.key} first`).toBe(200);
      const second = { ...sampleOf(model) };
      for (const name of model.unique[0].fields) second[name] = first[name];
      const res = await submit(model, second, 'en');
      expect(res.status, model.key).toBe(400);
      // The schema's message, its {field} placeholders naming the duplicate values (当前用户 [{account}] 已存在!).
      expect(res.body.msg, model.key).toBe(fillPlaceholders(model.unique[0].message.en, second));
    }
  });
});

describe('paged lists', () => {
  it('answer the BladeX page shape for every page endpoint and refuse page sizes over 200', async () => {
    for (const model of t.services.models) {
      for (const ep of Object.values(model.endpoints).filter((e) => e.kind === 'page')) {
        const url = `/api${model.apiPath}/${ep.action}`;
        const res = await t.call({ method: 'GET', url, headers, query: { current: '1', size: '30' } });
        expect(res.body.code, `${model.key} ${ep.action}`).toBe(200);
        expect(Object.keys(res.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
        expect(res.body.data.size).toBe(30);
        expect(res.body.data.pages).toBe(Math.ceil(res.body.data.total / 30));
        const tooBig = await t.call({ method: 'GET', url, headers, query: { size: '500' } });
        expect(tooBig.status, model.key).toBe(400);
      }
    }
  });

  it('ignores unknown filter keys and never lets them into SQL', async () => {
    const res = await t.call({
      method: 'GET', url: '/api/blade-system/param/list', headers,
      query: { 'paramName;drop table blade_param': 'x', 'nosuch_equal': '1', descs: 'param_key;delete' },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
  });
});

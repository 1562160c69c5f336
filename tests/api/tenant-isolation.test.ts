import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { editableTextField, sampleRecord } from '../support/sample-record.js';
import type { TestApp } from '../support/test-app.js';
import { startTwoTenants } from '../support/two-tenants.js';

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(() => t?.close());

const tenantModels = () => t.services.models.filter((m) => m.tenancy === 'tenant' && m.endpoints.submit && m.endpoints.detail);

function keysIn(data: any): string[] {
  const out: string[] = [];
  const walk = (items: any[]) => items.forEach((r) => { out.push(String(r.id ?? r.key)); walk(r.children ?? []); });
  walk(Array.isArray(data) ? data : data?.records ?? []);
  return out;
}

describe('a tenant-scoped row of tenant A, seen from tenant B', () => {
  it('is absent from every read endpoint and cannot be changed or removed', async () => {
    expect(tenantModels().length).toBeGreaterThanOrEqual(3);
    for (const model of tenantModels() as EntityModel[]) {
      const record = sampleRecord(model);
      const created = await t.call({ method: 'POST', url: `/api${model.apiPath}/submit`, headers: a, payload: record });
      expect(created.body.code, model.key).toBe(200);
      const id = String(created.body.data.id);

      for (const ep of Object.values(model.endpoints).filter((e) => e.method === 'GET' && e.kind !== 'detail')) {
        const res = await t.call({ method: 'GET', url: `/api${model.apiPath}/${ep.action}`, headers: b, query: { size: '200', parentId: id, code: String(record.code ?? '') } });
        expect(keysIn(res.body.data), `${model.key} ${ep.action}`).not.toContain(id);
      }
      const read = await t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers: b, query: { id } });
      expect(read.body.code, `${model.key} detail`).toBe(404);

      const text = editableTextField(model);
      const update = await t.call({ method: 'POST', url: `/api${model.apiPath}/submit`, headers: b, payload: { ...sampleRecord(model), id } });
      expect(update.body.code, `${model.key} update`).toBe(404);
      const removed = await t.call({ method: 'POST', url: `/api${model.apiPath}/remove`, headers: b, query: { ids: id } });
      expect(removed.body.code, `${model.key} remove`).toBe(404);

      const after = await t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers: a, query: { id } });
      expect(after.body.code, `${model.key} still there for A`).toBe(200);
      if (text) expect(after.body.data[text.name], `${model.key} unchanged`).toBe(record[text.name]);
      // A's reads keep the row (see KeptRows): still A's alone.
      for (let n = 0; n < 2; n++) {
        const again = await t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers: a, query: { id } });
        const fromB = await t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers: b, query: { id } });
        expect([again.body.code, fromB.body.code], `${model.key} read again by A, then by B`).toEqual([200, 404]);
      }
      // And at the same time: twelve reads of each tenant in flight together.
      const together = await Promise.all(Array.from({ length: 24 }, (_, n) => t.call({ method: 'GET', url: `/api${model.apiPath}/detail`, headers: n % 2 ? b : a, query: { id } })));
      expect(together.map((r) => r.body.code), `${model.key} concurrent reads of A and B`).toEqual(Array.from({ length: 24 }, (_, n) => (n % 2 ? 404 : 200)));
    }
  });

  it('takes the tenant from the token, never from the body', async () => {
    const model = t.services.model('system/post');
    const res = await t.call({ method: 'POST', url: `/api${model.apiPath}/submit`, headers: b, payload: { ...sampleRecord(model), tenantId: '000000' } });
    expect(res.body.data.tenantId).toBe('000001');
  });

  it('keeps page totals per tenant', async () => {
    const totalA = (await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: a })).body.data.total;
    const totalB = (await t.call({ method: 'GET', url: '/api/blade-system/post/list', headers: b })).body.data.total;
    expect(totalA).not.toBe(totalB);
  });
});

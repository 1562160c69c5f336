/**
 * 模型管理's list is the engine's page (schemas/flow/model.json) while the workflow module
 * writes the models: a list read before a save, a rename or a delete answers the change at
 * once afterwards, never the rows its caches kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => { t = await startTestApp({ seedRegions: false }); admin = await t.login(); });
afterAll(() => t?.close());

const keys = async (query: Record<string, string> = {}) => {
  const res = await t.call({ method: 'GET', url: '/api/blade-flow/model/list', headers: admin, query });
  expect(res.status).toBe(200);
  return { keys: res.body.data.records.map((r: { modelKey: string }) => r.modelKey), total: res.body.data.total };
};

describe('the model list after the module writes', () => {
  it('shows a saved, a renamed and a removed model at once', async () => {
    expect(await keys()).toEqual({ keys: [], total: 0 });
    const saved = await t.call({ method: 'POST', url: '/api/blade-flow/model/submit', headers: admin, payload: { name: '一', modelKey: 'First', description: '' } });
    expect(saved.body.success).toBe(true);
    expect(await keys()).toEqual({ keys: ['First'], total: 1 });
    await t.call({ method: 'POST', url: '/api/blade-flow/model/submit', headers: admin, payload: { id: saved.body.data.id, name: '一', modelKey: 'Renamed', description: '' } });
    expect(await keys({ modelKey: 'Ren' })).toEqual({ keys: ['Renamed'], total: 1 });
    await t.call({ method: 'POST', url: '/api/blade-flow/model/remove', headers: admin, query: { ids: saved.body.data.id } });
    expect(await keys()).toEqual({ keys: [], total: 0 });
  });
});

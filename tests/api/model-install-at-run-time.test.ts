import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModels } from '../../src/shared/schema/build-models.js';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { projectPath } from '../support/paths.js';
import { startTwoTenants } from '../support/two-tenants.js';
import type { TestApp } from '../support/test-app.js';

const meta = JSON.parse(readFileSync(projectPath('schemas/entity.meta.json'), 'utf8'));

/** A schema as the code generator would write it, normalized as at start. */
function gadgetModel(opts: { withColour?: boolean; withRemove?: boolean } = {}): EntityModel {
  const json = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    'x-label': { zh: '小工具', en: 'Gadgets' },
    'x-table': { name: 'demo_gadget', tenancy: 'tenant' },
    'x-api': { path: '/demo/gadget', endpoints: { list: {}, detail: {}, submit: {}, ...(opts.withRemove === false ? {} : { remove: {} }) } },
    'x-list': { columns: ['gadgetName'], search: ['gadgetName'] },
    'x-actions': [{ key: 'retire', label: { zh: '停用', en: 'Retire' }, icon: 'close', show: 'row', run: { kind: 'set', values: { rating: 0 } } }],
    required: ['gadgetName'],
    properties: {
      gadgetName: { type: 'string', maxLength: 64, 'x-label': { zh: '名称', en: 'Name' } },
      rating: { type: 'integer', minimum: 0, maximum: 5, 'x-label': { zh: '评级', en: 'Rating' } },
      ...(opts.withColour ? { colour: { type: 'string', maxLength: 16, 'x-label': { zh: '颜色', en: 'Colour' } } } : {}),
    },
  };
  return buildModels([{ key: 'demo/gadget', source: 'schemas/demo/gadget.json', json }], meta)[0];
}

let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;

beforeAll(async () => {
  ({ t, a, b } = await startTwoTenants());
});
afterAll(async () => { await t?.close(); });

describe('a model installed while the app runs', () => {
  it('is not served before it is installed', async () => {
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/list', headers: a })).status).toBe(404);
    expect(t.services.registry.find('demo/gadget')).toBeUndefined();
  });

  it('answers CRUD at once under /api and bare, inside the caller\'s tenant', async () => {
    await t.services.registry.install(gadgetModel());
    const saved = await t.call({ method: 'POST', url: '/api/demo/gadget/submit', headers: a, payload: { gadgetName: 'sprocket', rating: '3' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ gadgetName: 'sprocket', rating: 3, tenantId: '000000' });
    const id = saved.body.data.id;

    const bare = await t.call({ method: 'GET', url: '/demo/gadget/list', headers: a, query: { gadgetName: 'spro' } });
    expect(bare.body.data.records.map((r: any) => r.id)).toEqual([id]);
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/detail', headers: a, query: { id } })).body.data.gadgetName).toBe('sprocket');

    // The other tenant neither sees nor reaches it.
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/list', headers: b })).body.data.records).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/detail', headers: b, query: { id } })).status).toBe(404);
    const other = await t.call({ method: 'POST', url: '/api/demo/gadget/remove', headers: b, query: { ids: id } });
    expect([403, 404], other.body.msg).toContain(other.status); // no button for it there (no menu seeded), and not its row
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/detail', headers: a, query: { id } })).status).toBe(200);

    const retired = await t.call({ method: 'POST', url: '/api/demo/gadget/retire', headers: a, query: { id } });
    expect(retired.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/detail', headers: a, query: { id } })).body.data.rating).toBe(0);

    expect((await t.call({ method: 'POST', url: '/demo/gadget/remove', headers: a, query: { ids: id } })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/demo/gadget/list', headers: a })).body.data.records).toEqual([]);
  });

  it('applies its own rules and messages, and wants a token in both path forms', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/demo/gadget/submit', headers: { ...a, 'accept-language': 'en' }, payload: { rating: 9 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['gadgetName', 'rating']);
    for (const url of ['/api/demo/gadget/list', '/demo/gadget/list']) {
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
      expect((await t.call({ method: 'GET', url, headers: { ...a, 'blade-auth': 'bearer not-a-token' } })).status).toBe(401);
    }
  });

  it('shows in services.models, the route catalogue and the console\'s models', async () => {
    expect(t.services.models.map((m) => m.key)).toContain('demo/gadget');
    expect(t.services.model('demo/gadget').apiPath).toBe('/demo/gadget');
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    for (const url of ['GET /api/demo/gadget/list', 'GET /demo/gadget/list', 'POST /api/demo/gadget/submit', 'POST /api/demo/gadget/retire']) expect(urls).toContain(url);
    for (const catchAll of ['GET /*', 'POST /api/*']) expect(urls).not.toContain(catchAll);
    const models = (await t.call({ method: 'GET', url: '/api/atrium/schemas', headers: a })).body.data;
    expect(models.map((m: any) => m.key)).toContain('demo/gadget');
  });

  it('replaces the model on a second install: new columns are added, a dropped endpoint stops answering', async () => {
    await t.services.registry.install(gadgetModel({ withColour: true, withRemove: false }));
    const saved = await t.call({ method: 'POST', url: '/api/demo/gadget/submit', headers: a, payload: { gadgetName: 'cog', colour: 'red' } });
    expect(saved.body.data).toMatchObject({ gadgetName: 'cog', colour: 'red' });
    expect((await t.call({ method: 'POST', url: '/api/demo/gadget/remove', headers: a, query: { ids: saved.body.data.id } })).status).toBe(404);
    expect(t.services.model('demo/gadget').fields.map((f) => f.name)).toContain('colour');
  });

  it('refuses a model whose path another model serves, and a hand-written route still wins', async () => {
    const clash = { ...gadgetModel(), key: 'demo/other', apiPath: '/blade-system/param' };
    await expect(t.services.registry.install(clash)).rejects.toThrow(/already used/);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/param/list', headers: a })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: a })).body.data.account).toBe('admin');
  });
});

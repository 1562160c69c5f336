import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => { t = await startTestApp({ seedRegions: false }); });
afterAll(async () => { await t?.close(); });

describe('module and engine routes, mounted twice', () => {
  it('serve every BladeX route under /api and bare, with the same token rule', async () => {
    const all = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    const blade = t.routes.filter((r) => r.url.startsWith('/api/blade-'));
    expect(blade.length).toBeGreaterThan(100);
    for (const route of blade) {
      const bare = all.get(`${route.method} ${route.url.slice('/api'.length)}`);
      expect(bare, `${route.method} ${route.url}`).toBeDefined();
      expect(bare!.open, route.url).toBe(route.open);
    }
  });

  it('say who serves each route, the engine or a module, the same in both forms', async () => {
    const all = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    expect(all.get('GET /api/blade-system/param/list')?.servedBy).toBe('engine');
    expect(all.get('POST /api/blade-auth/oauth/token')?.servedBy).toBe('hand');
    expect(all.get('POST /api/blade-auth/oauth/sms-code')?.servedBy).toBe('hand');
    for (const route of t.routes.filter((r) => r.url.startsWith('/api/blade-'))) {
      expect(all.get(`${route.method} ${route.url.slice('/api'.length)}`)?.servedBy, route.url).toBe(route.servedBy);
    }
  });

  it('document only the /api form', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
    const paths = Object.keys(doc.paths);
    for (const path of ['/api/blade-auth/oauth/token', '/api/blade-system/tenant/info', '/api/blade-user/info', '/api/blade-system/menu/routes']) expect(paths).toContain(path);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

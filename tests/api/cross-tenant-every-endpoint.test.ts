import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import type { EntityModel } from '../../src/shared/schema/entity-model.js';
import { addTenant } from '../support/second-tenant.js';
import { sampleRecord } from '../support/sample-record.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every authenticated route the app serves, called by tenant B's administrator with
 * tenant A's ids in every usual parameter and body field: no answer may carry one of
 * A's ids, and A's rows must be byte-for-byte the same afterwards.
 */
let t: TestApp;
let b: Record<string, string>;
const aIds = new Set<string>();
const aByEntity = new Map<string, string>();

const tenantModels = () => t.services.models.filter((m) => m.tenancy === 'tenant');

/** A's rows in tenant tables and the link rows that point at them, as one digest. */
async function snapshotOfA(): Promise<string> {
  const hash = createHash('sha256');
  for (const model of tenantModels()) {
    const rows = await t.services.system.repo.db.selectFrom(model.table).selectAll().where('tenant_id', '=', '000000').orderBy('id').execute();
    hash.update(JSON.stringify(rows));
  }
  for (const link of ['blade_role_menu', 'blade_role_scope', 'blade_user_dept', 'blade_top_menu_setting']) {
    const rows = await t.services.system.repo.db.selectFrom(link).selectAll().orderBy('id').execute();
    hash.update(JSON.stringify(rows.filter((r) => Object.values(r).some((v) => aIds.has(String(v))))));
  }
  return hash.digest('hex');
}

function idFor(url: string): string {
  const model = t.services.models.find((m: EntityModel) => url.includes(`${m.apiPath}/`));
  return (model && aByEntity.get(model.key)) ?? aByEntity.get('system/user')!;
}

function paramsFor(url: string): Record<string, string> {
  const any = (key: string) => aByEntity.get(key) ?? '';
  const id = idFor(url);
  return {
    id, ids: id, tenantId: '000000', parentId: id, roleId: any('system/role'), roleIds: any('system/role'),
    userId: any('system/user'), userIds: any('system/user'), deptId: any('system/dept'), topMenuId: any('system/top-menu'),
    topMenuIds: any('system/top-menu'), postId: any('system/post'), businessId: id, code: 'tenant-a', current: '1', size: '200',
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const seeded = tenantModels().filter((m) => m.endpoints.submit || m.key === 'system/user');
  for (const model of seeded) {
    const ctx = systemContext('000000');
    const values = sampleRecord(model);
    if ('code' in values) values.code = 'tenant-a';
    const id = await t.services.system.repo.insert(model, ctx, values);
    aByEntity.set(model.key, id);
  }
  for (const model of tenantModels()) {
    const rows = await t.services.system.repo.db.selectFrom(model.table).select('id').where('tenant_id', '=', '000000').execute();
    rows.forEach((r) => aIds.add(String(r.id)));
  }
  await addTenant(t.services, '000001', 'tenant-b-pw');
  b = await t.login({ tenantId: '000001', password: 'tenant-b-pw' });
});
afterAll(() => t?.close());

describe('tenant B against every endpoint', () => {
  it('never sees or changes a row of tenant A', async () => {
    const before = await snapshotOfA();
    const targets = t.routes.filter((r) => !r.open && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')
      && !r.url.includes('/oauth/') && ['GET', 'POST'].includes(r.method) && !r.url.includes(':'));
    const leaks: string[] = [];
    for (const route of targets) {
      const query = paramsFor(route.url);
      const payload = route.method === 'POST' ? { ...query, roleIds: [query.roleId], menuIds: [], userIds: [query.userId], topMenuIds: [query.topMenuId] } : undefined;
      const res = await t.call({ method: route.method as 'GET' | 'POST', url: route.url, headers: b, query, payload });
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      const leaked = [...aIds].filter((id) => text.includes(id));
      if (leaked.length) leaks.push(`${route.method} ${route.url} → ${leaked.length} of A's ids`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshotOfA()).toBe(before);
    console.log(`cross-tenant: ${targets.length} authenticated endpoints called by tenant B; A unchanged`);
    expect(targets.length).toBeGreaterThan(40);
  });
});

import { addTenant } from './second-tenant.js';
import { startTestApp, type TestApp } from './test-app.js';

export const TENANT_B = '000001';
export const TENANT_B_PASSWORD = 'tenant-b-pw';

/** A test app with a second tenant, and the headers of each tenant's administrator. */
export async function startTwoTenants(): Promise<{ t: TestApp; a: Record<string, string>; b: Record<string, string> }> {
  const t = await startTestApp();
  await addTenant(t.services, TENANT_B, TENANT_B_PASSWORD);
  const a = await t.login();
  const b = await t.login({ tenantId: TENANT_B, password: TENANT_B_PASSWORD });
  return { t, a, b };
}

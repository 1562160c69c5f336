import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the queries of the current unit of work may reach under row-level security
 * (PostgreSQL with ROW_SECURITY on): the value the connection's `app.tenant_id` is set to,
 * transaction-locally, before each query or transaction runs (db/row-security-dialect.ts).
 * A request acting for a caller runs in its tenant; outside any request (start, seed,
 * background work) and on open routes (sign-in, before a caller exists) the process acts
 * as the platform, which every tenant policy lets through by name.
 */
const scope = new AsyncLocalStorage<string>();

/** `app.tenant_id` of the platform acting across tenants (policy `atrium_platform`). */
export const PLATFORM_SCOPE = '*';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/** Runs `fn` with the queries it issues (and the async work it starts) limited to `tenantId`'s rows. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  if (!TENANT_ID.test(tenantId)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  return scope.run(tenantId, fn);
}

/**
 * Runs `fn` as the platform: its queries reach every tenant's rows. Each caller is a
 * cross-tenant read or write a reviewer should see (tests/unit/server/across-tenants.test.ts
 * lists the files allowed one, with why).
 */
export function acrossTenants<T>(fn: () => T): T {
  return scope.run(PLATFORM_SCOPE, fn);
}

/** The `app.tenant_id` value for a query issued now. */
export function currentTenantScope(): string {
  return scope.getStore() ?? PLATFORM_SCOPE;
}

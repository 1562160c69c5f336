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

/**
 * Whose database the statements issued now go to (db/tenant-router.ts): a tenant placed in
 * a database of its own has its tenant tables there. Set with the scope by `withTenant`,
 * cleared by `acrossTenants` (the platform's database), and set alone by `routeTo` where the
 * platform reads or writes one tenant's rows (the engine does for every tenant-model query).
 */
const route = new AsyncLocalStorage<string | undefined>();

/** `app.tenant_id` of the platform acting across tenants (policy `atrium_platform`). */
export const PLATFORM_SCOPE = '*';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/** Runs `fn` with the queries it issues (and the async work it starts) limited to `tenantId`'s rows. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  if (!TENANT_ID.test(tenantId)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  return route.run(tenantId, () => scope.run(tenantId, fn));
}

/** Runs `fn` with its statements on `tenantId`'s database, leaving the row-security scope as it is. */
export function routeTo<T>(tenantId: string, fn: () => T): T {
  return route.run(tenantId, fn);
}

/** The tenant whose database statements issued now go to, if any (else the platform's database). */
export function currentRouteTenant(): string | undefined {
  return route.getStore();
}

/**
 * Runs `fn` as the platform: its queries reach every tenant's rows. Each caller is a
 * cross-tenant read or write a reviewer should see (tests/unit/server/across-tenants.test.ts
 * lists the files allowed one, with why).
 */
export function acrossTenants<T>(fn: () => T): T {
  return route.run(undefined, () => scope.run(PLATFORM_SCOPE, fn));
}

/** The `app.tenant_id` value for a query issued now. */
export function currentTenantScope(): string {
  return scope.getStore() ?? PLATFORM_SCOPE;
}

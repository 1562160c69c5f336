import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The unit of work's two settings, in one AsyncLocalStorage (Node 20 copies every storage's
 * value onto each promise the process makes, so one storage costs half of two):
 *
 * `scope` — whose rows the queries of the current unit of work may reach under row-level
 * security (PostgreSQL with ROW_SECURITY on): the value the connection's `app.tenant_id` is
 * set to, transaction-locally, before each query or transaction runs
 * (db/row-security-dialect.ts). A request acting for a caller runs in its tenant; outside any
 * request (start, seed, background work) and on open routes (sign-in, before a caller exists)
 * the process acts as the platform, which every tenant policy lets through by name.
 *
 * `route` — whose database the statements issued now go to (db/tenant-router.ts): a tenant
 * placed in a database of its own has its tenant tables there. Set with the scope by
 * `withTenant`, cleared by `acrossTenants` (the platform's database), and set alone by
 * `routeTo` where the platform reads or writes one tenant's rows (the engine does for every
 * tenant-model query).
 */
interface UnitOfWork {
  /** Undefined: the platform. */
  scope?: string;
  route?: string;
}
const unit = new AsyncLocalStorage<UnitOfWork>();

/** `app.tenant_id` of the platform acting across tenants (policy `atrium_platform`). */
export const PLATFORM_SCOPE = '*';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

/** Runs `fn` with the queries it issues (and the async work it starts) limited to `tenantId`'s rows. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  if (!TENANT_ID.test(tenantId)) throw new Error(`not a tenant id: ${JSON.stringify(tenantId)}`);
  return unit.run({ scope: tenantId, route: tenantId }, fn);
}

/** Runs `fn` with its statements on `tenantId`'s database, leaving the row-security scope as it is. */
export function routeTo<T>(tenantId: string, fn: () => T): T {
  const current = unit.getStore();
  if (current !== undefined && current.route === tenantId) return fn();
  return unit.run({ scope: current?.scope, route: tenantId }, fn);
}

/** The tenant whose database statements issued now go to, if any (else the platform's database). */
export function currentRouteTenant(): string | undefined {
  return unit.getStore()?.route;
}

/**
 * Runs `fn` as the platform: its queries reach every tenant's rows. Each caller is a
 * cross-tenant read or write a reviewer should see (tests/unit/server/across-tenants.test.ts
 * lists the files allowed one, with why).
 */
export function acrossTenants<T>(fn: () => T): T {
  return unit.run({ scope: PLATFORM_SCOPE, route: undefined }, fn);
}

/** The `app.tenant_id` value for a query issued now. */
export function currentTenantScope(): string {
  return unit.getStore()?.scope ?? PLATFORM_SCOPE;
}

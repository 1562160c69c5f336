import { systemContext, type AppServices } from '../../app-services.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { isId, storedIds } from '../../engine/ids.js';
import { requiredField } from '../../engine/rows.js';
import type { MaybePromise } from '../../../shared/maybe-promise.js';

/**
 * Menu ids of the tenant's package (tenant.packageId → tenant-package.menuId), or
 * undefined when the tenant is not limited: the platform tenant, or no live package.
 */
export function packageMenuIds(services: AppServices, tenantId: string): MaybePromise<Set<string> | undefined> {
  if (tenantId === PLATFORM_TENANT) return Promise.resolve(undefined);
  const tenants = services.model('system/tenant');
  const packages = services.model('system/tenant-package');
  return services.derived.get(`menu-module:package:${tenantId}`, [tenants.table, packages.table], async () => {
    const condition = { field: requiredField(tenants, 'tenantId'), op: 'equal' as const, value: tenantId };
    const [tenant] = await services.system.repo.list(tenants, systemContext(), { conditions: [condition], order: [] });
    const packageId = tenant?.packageId;
    if (!isId(packageId) || packageId === '0') return undefined;
    const found = await services.system.repo.findByKey(packages, systemContext(), packageId);
    return found ? new Set(storedIds(found.menuId)) : undefined;
  });
}

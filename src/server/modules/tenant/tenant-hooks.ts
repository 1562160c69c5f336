import { badRequest } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { Repository } from '../../engine/repository.js';
import { endUserSessions } from '../auth/user-sessions.js';
import { integerParam, readParam } from '../../system-param.js';
import { PLATFORM_TENANT } from '../../engine/request-context.js';
import { requirePlatformAdmin } from './platform-admin.js';
import { provisionTenant } from './provision-tenant.js';
import { newTenantId } from './tenant-id.js';

/** A package named on a tenant must exist ("0" or blank: none). */
async function isKnownPackage(services: AppServices, repo: Repository, packageId: unknown): Promise<boolean> {
  const id = String(packageId ?? '');
  if (isEmpty(id) || id === '0') return true;
  return (await repo.findByKey(services.model('system/tenant-package'), systemContext(), id)) !== undefined;
}

/** Logically removes every user of a removed tenant, as BladeX does (in batches: lists are capped). */
async function removeUsers(services: AppServices, repo: Repository, tenantId: string): Promise<void> {
  const model = services.model('system/user');
  const ctx = systemContext(tenantId);
  for (;;) {
    const users = await repo.list(model, ctx, { conditions: [], order: [] });
    if (users.length === 0) return;
    await repo.remove(model, ctx, users.map((u) => String(u.id)));
    await endUserSessions(services, { repo, tenantId, userIds: users.map((u) => String(u.id)) });
  }
}

/**
 * Engine writes of `system/tenant`: platform administrator only; a new tenant gets a
 * generated id, the default quota and its provisioned rows in the same transaction.
 */
export function registerTenantHooks(services: AppServices): void {
  services.hooks.on('system/tenant', {
    async beforeWrite({ model, ctx, repo, values, isInsert }) {
      requirePlatformAdmin(ctx);
      if (!(await isKnownPackage(services, repo, values.packageId))) throw badRequest('tenant.packageMissing');
      if (!isInsert) return;
      values.tenantId = await newTenantId(repo, model);
      if (isEmpty(values.accountNumber)) {
        values.accountNumber = integerParam(await readParam(services, 'tenant.default.accountNumber', repo), -1);
      }
    },
    async afterWrite({ ctx, repo, values, isInsert }) {
      if (isInsert) await provisionTenant({ services, repo, creator: ctx, tenant: values });
    },
    async beforeRemove({ model, ctx, repo, keys }) {
      requirePlatformAdmin(ctx);
      const rows = await Promise.all(keys.map((key) => repo.findByKey(model, ctx, key)));
      const tenantIds = rows.map((row) => String(row?.tenantId ?? ''));
      if (tenantIds.includes(PLATFORM_TENANT)) throw badRequest('tenant.managementTenant');
      for (const tenantId of tenantIds.filter(Boolean)) await removeUsers(services, repo, tenantId);
    },
  });
}

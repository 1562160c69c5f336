import { registerAccountQuota } from './account-quota.js';
import { registerTenantHooks } from './tenant-hooks.js';
import { registerTenantRoutes } from './tenant-routes.js';
import { tenantRowScope } from './tenant-scope.js';
import type { AppModule } from '../module.js';

/** Tenants: provisioning and guards on the engine's tenant writes, account quota, settings routes. */
export const registerTenantModule: AppModule = (_app, services) => {
  registerTenantHooks(services);
  services.hooks.on('system/tenant', { readScope: async ({ model, ctx }) => tenantRowScope(model, ctx) });
  registerAccountQuota(services);
  return (routes) => registerTenantRoutes(routes, services);
};

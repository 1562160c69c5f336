import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { registerAccountQuota } from './account-quota.js';
import { registerTenantHooks } from './tenant-hooks.js';
import { registerTenantRoutes } from './tenant-routes.js';
import { tenantRowScope } from './tenant-scope.js';

/** Tenants: provisioning and guards on the engine's tenant writes, account quota, settings routes. */
export function registerTenantModule(app: FastifyInstance, services: AppServices): void {
  registerTenantHooks(services);
  services.hooks.on('system/tenant', { readScope: async ({ model, ctx }) => tenantRowScope(model, ctx) });
  registerAccountQuota(services);
  registerTenantRoutes(app, services);
}

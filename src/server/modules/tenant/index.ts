import { registerAccountQuota } from './account-quota.js';
import { registerTenantActions } from './tenant-actions.js';
import { registerTenantHooks } from './tenant-hooks.js';
import { tenantRowScope } from './tenant-scope.js';
import { followTenantMoves } from './tenant-database-reloads.js';
import type { AppModule } from '../module.js';

/** Tenants: provisioning and guards on the engine's tenant writes and actions, account quota (every tenant route is the schema's). */
export const registerTenantModule: AppModule = (app, services) => {
  registerTenantHooks(services);
  registerTenantActions(services);
  services.hooks.on('system/tenant', { readScope: async ({ model, ctx }) => tenantRowScope(model, ctx) });
  registerAccountQuota(services);
  const interval = services.config.schemaReloadIntervalMs;
  if (services.config.redisUrl && services.system.database.kind === 'postgres' && interval > 0) {
    const follow = followTenantMoves(services, app.log, interval);
    app.addHook('onReady', async () => follow.start());
    app.addHook('onClose', async () => follow.stop());
  }
};

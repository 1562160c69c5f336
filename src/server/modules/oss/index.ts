import multipart from '@fastify/multipart';
import { loadJwtKey } from '../auth/jwt-key.js';
import { registerAttachHooks } from './attach-hooks.js';
import { STATUS_ON } from '../../engine/active-row.js';
import { registerEndpointRoutes } from './endpoint-routes.js';
import { registerFileRoute } from './file-route.js';
import { LinkSigner } from './link-signer.js';
import { defaultConfigForNewTenants, seedDefaultConfigs } from '../tenant/tenant-defaults.js';
import { OSS_CATEGORY } from './oss-categories.js';
import { OSS_MODEL, registerOssConfigHooks } from './oss-config-hooks.js';
import { OssService } from './oss-service.js';
import { OssStores } from './oss-stores.js';
import type { AppModule } from '../module.js';

/** The default every tenant starts with: the built-in local disk, enabled. */
const DEFAULT_OSS = { category: OSS_CATEGORY.local, ossCode: 'local', remark: '本地存储(默认)', status: STATUS_ON };

/**
 * Object storage (reference §4.15): OSS configurations (engine CRUD; enable is the schema's x-actions), uploads
 * to the caller's enabled store, attachments, and the local-disk file route.
 */
export const registerOssModule: AppModule = (app, services) => {
  const signer = new LinkSigner(loadJwtKey(services.config));
  const oss = new OssService(services, new OssStores({ filesDir: services.config.filesDir, signer }));
  registerOssConfigHooks(services);
  registerAttachHooks(services, oss, app.log);
  defaultConfigForNewTenants(services, OSS_MODEL, DEFAULT_OSS);
  services.startTasks.push(async () => {
    await seedDefaultConfigs(services, OSS_MODEL, DEFAULT_OSS);
  });
  return (routes) => {
    registerFileRoute(routes, services, signer);
    // Multipart parsing only where uploads are taken (its own scope; limits are set per call).
    routes.register(async (scope) => {
      if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
      registerEndpointRoutes(scope, services, oss);
    });
  };
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { requirePlatformAdmin } from './platform-admin.js';
import { datasourceInput, packageInput, settingInput, tenantIdInput, type Params } from './tenant-inputs.js';
import { TenantService } from './tenant-service.js';

function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

async function platformOnly(request: FastifyRequest): Promise<void> {
  requirePlatformAdmin(contextOf(request));
}

/** `info` (open, for the sign-in page) and the platform administrator's tenant settings (on the module's route scope). */
export function registerTenantRoutes(app: FastifyInstance, services: AppServices): void {
  const tenants = new TenantService(services);
  const base = '/blade-system/tenant';
  const schema = { tags: ['system/tenant'] };
  const guarded = { schema, preHandler: platformOnly };

  app.get(`${base}/info`, { schema, config: { open: true } }, async (request) =>
    ok(await tenants.infoByDomain(String(paramsOf(request).domain ?? '').trim())));
  app.post(`${base}/setting`, guarded, async (request) => {
    await tenants.setting(contextOf(request), settingInput(paramsOf(request)));
    return ok({});
  });
  app.post(`${base}/datasource`, guarded, async (request) => {
    await tenants.setDatasource(contextOf(request), datasourceInput(paramsOf(request)));
    return ok({});
  });
  app.post(`${base}/package-setting`, guarded, async (request) => {
    await tenants.setPackage(contextOf(request), packageInput(paramsOf(request)));
    return ok({});
  });
  app.get(`${base}/package-detail`, guarded, async (request) =>
    ok(await tenants.packageDetail(tenantIdInput(paramsOf(request)))));
}

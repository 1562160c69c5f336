import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { requirePlatformAdmin } from './platform-admin.js';
import { tenantIdInput, type Params } from './tenant-inputs.js';
import { TenantService } from './tenant-service.js';

function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

async function platformOnly(request: FastifyRequest): Promise<void> {
  requirePlatformAdmin(contextOf(request));
}

/**
 * `info` (open, for the sign-in page) and the package read the 产品包配置 form starts from;
 * 授权配置, 产品包配置 and 数据源配置 are `x-actions` the engine serves (tenant-actions.ts).
 */
export function registerTenantRoutes(app: FastifyInstance, services: AppServices): void {
  const tenants = new TenantService(services);
  const base = '/blade-system/tenant';
  const schema = { tags: ['system/tenant'] };
  const guarded = { schema, preHandler: platformOnly };

  app.get(`${base}/info`, { schema, config: { open: true } }, async (request) =>
    ok(await tenants.infoByDomain(String(paramsOf(request).domain ?? '').trim())));
  app.get(`${base}/package-detail`, guarded, async (request) =>
    ok(await tenants.packageDetail(tenantIdInput(paramsOf(request)))));
}

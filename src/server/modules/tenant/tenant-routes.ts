import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import type { Params } from './tenant-inputs.js';
import { TenantService } from './tenant-service.js';

function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

/**
 * `info` (open, for the sign-in page: the tenant of a domain). The package the 产品包配置 form
 * starts from is the schema's (package-detail, via the tenant's packageId); 授权配置, 产品包配置
 * and 数据源配置 are `x-actions` the engine serves (tenant-actions.ts).
 */
export function registerTenantRoutes(app: FastifyInstance, services: AppServices): void {
  const tenants = new TenantService(services);
  const base = '/blade-system/tenant';
  const schema = { tags: ['system/tenant'] };

  app.get(`${base}/info`, { schema, config: { open: true } }, async (request) =>
    ok(await tenants.infoByDomain(String(paramsOf(request).domain ?? '').trim())));
}

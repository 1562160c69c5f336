import { badRequest, notFound } from '../../../shared/errors.js';
import { systemContext, type AppServices } from '../../app-services.js';
import type { ActionEvent } from '../../engine/action-hooks.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { requirePlatformAdmin } from './platform-admin.js';
import { TenantService } from './tenant-service.js';

/** 授权配置: the quota and expiry the form gives, on every selected tenant; a blank value leaves its column as it is. */
async function saveSetting({ model, rows, keys, form }: ActionEvent): Promise<unknown> {
  const values: EntityRecord = {};
  if (form.accountNumber !== undefined) values.accountNumber = form.accountNumber;
  if (form.expireTime !== undefined) values.expireTime = form.expireTime;
  if (Object.keys(values).length === 0) return {};
  // By the one write path: the tenant's rules and write hooks, as a submit of these fields.
  for (const id of keys) if (!(await rows.update(model, id, values))) throw notFound();
  return {};
}

/** 产品包配置: the tenant (by its code) on the package of the form; blank or "0" takes it off its package. */
function savePackage(services: AppServices) {
  return async ({ model, ctx, repo, rows, keys, form }: ActionEvent): Promise<unknown> => {
    const packageId = form.packageId !== undefined && form.packageId !== '0' ? String(form.packageId) : undefined;
    if (packageId && !(await repo.findByKey(services.model('system/tenant-package'), systemContext(), packageId))) throw badRequest('tenant.packageMissing');
    const [tenant] = await rowsWhereIn(repo, { model, ctx, values: keys, field: 'tenantId' });
    if (!tenant || !(await rows.update(model, String(tenant.id), { packageId: packageId ?? null }))) throw notFound();
    return {};
  };
}

/**
 * 数据源配置: the tenant (by its code) placed in the form's data source. Run outside a
 * transaction (`run.transaction: false`): the move commits in steps of its own.
 */
function bindDatasource(services: AppServices) {
  const tenants = new TenantService(services);
  return async ({ ctx, keys, form }: ActionEvent): Promise<unknown> => {
    await tenants.setDatasource(ctx, { tenantId: keys[0]!, datasourceId: String(form.datasourceId) });
    return {};
  };
}

/**
 * The tenant screen's `x-actions` (schemas/system/tenant.json): platform administrator only,
 * refused before anything else with the 403 their routes always answered.
 */
export function registerTenantActions(services: AppServices): void {
  for (const key of ['setting', 'package', 'datasource']) services.actions.guard({ entity: 'system/tenant', action: key }, requirePlatformAdmin);
  services.actions.on({ entity: 'system/tenant', action: 'setting' }, saveSetting);
  services.actions.on({ entity: 'system/tenant', action: 'package' }, savePackage(services));
  services.actions.on({ entity: 'system/tenant', action: 'datasource' }, bindDatasource(services));
  // The package the 产品包配置 form starts from (tenant.json package-detail, via the tenant's packageId).
  services.resources.guard({ entity: 'system/tenant', endpoint: 'package-detail' }, requirePlatformAdmin);
}

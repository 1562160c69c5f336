/** Tenant administration endpoints (BladeX administrator extras, bladex-backend §4.1–4.2). */
import { request } from '../../../api/http';
import type { TreeRow } from '../../../engine/data/tree';

export interface DatasourceOption {
  id: string;
  name: string;
}

export interface TenantPackage {
  id?: string;
  packageName?: string;
  /** Comma-joined menu ids. */
  menuId?: string;
}

/** Sets the account quota and expiry of the tenants (`ids` of the rows). */
export function saveTenantSetting(input: { ids: string; accountNumber: number; expireTime?: string }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-system/tenant/setting', params: input });
}

/**
 * The data sources to bind (the code-generator module's list). Silent: the endpoint may
 * not be served yet, and the dialog says so itself.
 */
export function fetchDatasources(): Promise<DatasourceOption[]> {
  return request<DatasourceOption[]>({ url: '/blade-develop/datasource/select', silent: true }).then((rows) =>
    (rows ?? []).map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) })),
  );
}

export function saveTenantDatasource(input: { tenantId: string; datasourceId: string }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-system/tenant/datasource', params: input });
}

export function fetchPackages(): Promise<TenantPackage[]> {
  return request<TenantPackage[]>({ url: '/blade-system/tenant-package/select' }).then((rows) => rows ?? []);
}

/** The tenant's package now (empty when it has none). */
export function fetchPackageDetail(tenantId: string): Promise<TenantPackage> {
  return request<TenantPackage | null>({ url: '/blade-system/tenant/package-detail', params: { tenantId } }).then((p) => p ?? {});
}

export function fetchMenuTree(): Promise<TreeRow[]> {
  return request<TreeRow[]>({ url: '/blade-system/menu/tree' }).then((rows) => rows ?? []);
}

export function saveTenantPackage(input: { tenantId: string; packageId: string }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-system/tenant/package-setting', params: input });
}

import { useEffect, useState } from 'react';
import { request } from '../../api/http';

export interface TenantInfo {
  /** The tenant bound to this site's domain: the tenant field is hidden and this one used. */
  tenantId?: string;
  backgroundUrl?: string;
}

/** On creation, GET /blade-system/tenant/info?domain=<origin> (spec §7 Tenant info lookup). */
export function useTenantInfo(): TenantInfo {
  const [info, setInfo] = useState<TenantInfo>({});
  useEffect(() => {
    let live = true;
    request<TenantInfo>({ url: '/blade-system/tenant/info', params: { domain: window.location.origin }, auth: false, silent: true }).then(
      (data) => live && data?.tenantId && setInfo({ tenantId: String(data.tenantId), backgroundUrl: data.backgroundUrl || undefined }),
      // No tenant for this domain, or the lookup failed: the form keeps its tenant field.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}

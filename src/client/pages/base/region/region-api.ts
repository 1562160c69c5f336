import { request } from '../../../api/http';

export const REGION_TEMPLATE_URL = '/blade-system/region/export-template';

export interface RegionOption {
  code: string;
  name: string;
}

/** The regions under `code` (the provinces without it): BladeX `region/select`. */
export function fetchRegionChildren(code?: string): Promise<RegionOption[]> {
  return request<Record<string, unknown>[]>({ url: '/blade-system/region/select', params: code ? { code } : {} }).then((rows) =>
    (rows ?? []).map((r) => ({ code: String(r.code ?? ''), name: String(r.name ?? '') })),
  );
}

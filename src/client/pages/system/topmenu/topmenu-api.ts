/** Top menu settings (bladex-backend §4.8–4.9). */
import { request } from '../../../api/http';
import type { CheckNode } from '../../../components/checkbox-tree-state';

/** The menus a top menu may hold. */
export function fetchTopGrantTree(): Promise<CheckNode[]> {
  return request<CheckNode[]>({ url: '/blade-system/menu/grant-top-tree' }).then((rows) => rows ?? []);
}

/** The menu ids saved for the top menu. */
export function fetchTopMenuKeys(topMenuId: string): Promise<string[]> {
  return request<{ menu?: unknown[] } | null>({ url: '/blade-system/menu/top-tree-keys', params: { topMenuIds: topMenuId } }).then((data) =>
    (data?.menu ?? []).map(String),
  );
}

/** Replaces the top menu's menus. */
export function grantTopMenu(input: { topMenuId: string; menuIds: string[] }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-system/topmenu/grant', data: { topMenuIds: [input.topMenuId], menuIds: input.menuIds } });
}

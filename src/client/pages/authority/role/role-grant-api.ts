/** Role grant endpoints (bladex-backend §4.5, §4.8). */
import { request } from '../../../api/http';
import { asGrantTrees, type GrantBody, type GrantTab, type GrantTrees } from './grant-payload';

export async function fetchGrantTrees(): Promise<GrantTrees> {
  return asGrantTrees(await request<Partial<GrantTrees>>({ url: '/blade-system/menu/grant-tree' }));
}

export function fetchRoleKeys(roleId: string): Promise<Partial<Record<GrantTab, unknown[]>>> {
  return request({ url: '/blade-system/menu/role-tree-keys', params: { roleIds: roleId } }).then((data) => data ?? {});
}

/** Replaces the role's menus, data scopes and API scopes. */
export function grantRole(body: GrantBody): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-system/role/grant', data: body });
}

/** The user screen's own endpoints (BladeX `/blade-user`, bladex-backend §4.4). */
import { request, requestRaw } from '../../../api/http';
import type { TreeRow } from '../../../engine/data/tree';

export const DEPT_TREE_URL = '/blade-system/dept/tree';
export const ROLE_TREE_URL = '/blade-system/role/tree';
export const EXPORT_USER_URL = '/blade-user/export-user';
export const EXPORT_TEMPLATE_URL = '/blade-user/export-template';

export function fetchRoleTree(): Promise<TreeRow[]> {
  return request<TreeRow[]>({ url: ROLE_TREE_URL }).then((rows) => rows ?? []);
}

/** Overwrites the roles of the users: `grant?userIds=a,b&roleIds=x,y`. */
export function grantRoles(input: { userIds: string; roleIds: string[] }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-user/grant', params: { userIds: input.userIds, roleIds: input.roleIds.join(',') } });
}

/** Resets the users' passwords to the initial one (123456). */
export function resetPasswords(userIds: string): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-user/reset-password', params: { userIds } });
}

/** Clears the users' failed-login lockout. */
export function unlockUsers(userIds: string): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-user/unlock', params: { userIds } });
}

/** Uploads a workbook: multipart field `file`, `isCovered` 1 to overwrite existing accounts. Answers the envelope. */
export function importUsers(input: { file: File; isCovered: boolean }): Promise<{ msg?: string }> {
  const form = new FormData();
  form.append('file', input.file);
  return requestRaw({ method: 'POST', url: '/blade-user/import-user', params: { isCovered: input.isCovered ? 1 : 0 }, form });
}

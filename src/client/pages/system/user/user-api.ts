/** The user screen's own endpoints (BladeX `/blade-user`, bladex-backend §4.4). */
import { request } from '../../../api/http';

export const ROLE_TREE_URL = '/blade-system/role/tree';
export const EXPORT_TEMPLATE_URL = '/blade-user/export-template';

/** One page of the tenant's users (the user module's `page`), for the platform dialog's list. */
export function fetchUserPage(input: { account: string; current: number; size: number }): Promise<{ records: Record<string, unknown>[]; total: number }> {
  const params: Record<string, unknown> = { current: input.current, size: input.size };
  if (input.account) params.account = input.account;
  return request({ url: '/blade-user/page', params });
}

/** One user with the `userExt` of its platform (BladeX `platform-detail`). */
export function fetchPlatformDetail(id: string): Promise<Record<string, unknown>> {
  return request({ url: '/blade-user/platform-detail', params: { id } });
}

/** Sets the user's platform (userType 1 web, 2 app, 3 other) and its extension text. */
export function updatePlatform(input: { userId: string; userType: string; userExt: string }): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-user/update-platform', params: input });
}

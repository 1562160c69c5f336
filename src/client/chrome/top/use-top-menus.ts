import useSWR from 'swr';
import { request } from '../../api/http';
import { needsGuestRegistration } from '../../session/guest';
import type { TopMenuNode } from '../../session/session-types';
import { useSession } from '../../session/use-session';

/** The signed-in tenant's top menus in their order, and the chosen one (none for a guest still registering). */
export function useTopMenus(): { items: TopMenuNode[]; activeId?: string } {
  const { topMenuId, tenantId, userInfo } = useSession();
  const key = userInfo && !needsGuestRegistration(userInfo) ? ['chrome:top-menu', tenantId] : null;
  const { data } = useSWR(key, () =>
    request<TopMenuNode[]>({ url: '/blade-system/menu/top-menu' }).then((rows) => [...(rows ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))),
  );
  return { items: data ?? [], activeId: topMenuId };
}

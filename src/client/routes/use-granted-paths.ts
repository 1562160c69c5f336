import useSWR from 'swr';
import { request } from '../api/http';
import { needsGuestRegistration } from '../session/guest';
import { withIndexPaths } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { useSession } from '../session/use-session';

function collectPaths(nodes: MenuNode[], into: Set<string>): Set<string> {
  for (const node of nodes) {
    if (node.path) into.add(node.path);
    collectPaths(node.children ?? [], into);
  }
  return into;
}

/**
 * Route paths of every screen the user's grant holds, whatever top menu narrows the
 * sidebar (`routes` without `topMenuId`); undefined while loading.
 */
export function useGrantedPaths(): Set<string> | undefined {
  const { token, userInfo } = useSession();
  const key = token && !needsGuestRegistration(userInfo) ? ['route-guard:routes', token] : null;
  const { data } = useSWR(key, () => request<MenuNode[]>({ url: '/blade-system/menu/routes' }), { revalidateOnFocus: false });
  return data ? collectPaths(withIndexPaths(data), new Set()) : undefined;
}

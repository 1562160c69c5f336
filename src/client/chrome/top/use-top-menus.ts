import { useEffect } from 'react';
import useSWR from 'swr';
import { request } from '../../api/http';
import { chooseTopMenu } from '../../session/load-menu';
import type { TopMenuNode } from '../../session/session-types';
import { useSession } from '../../session/use-session';

/**
 * The signed-in tenant's top menus and the chosen one. A stored choice that no longer
 * exists (deleted since) falls back to 首页, so the sidebar never stays empty.
 */
export function useTopMenus(): { items: TopMenuNode[]; activeId?: string } {
  const { topMenuId, tenantId } = useSession();
  const { data } = useSWR(['chrome:top-menu', tenantId], () =>
    request<TopMenuNode[]>({ url: '/blade-system/menu/top-menu' }).then((rows) => [...(rows ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))),
  );
  const items = data ?? [];
  const isStale = data !== undefined && topMenuId !== undefined && !items.some((item) => item.id === topMenuId);
  useEffect(() => {
    if (isStale) void chooseTopMenu(undefined).catch(() => undefined);
  }, [isStale]);
  return { items, activeId: isStale ? undefined : topMenuId };
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ancestorIds, filterMenuByRoles, isExternalPath } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { useSession } from '../session/use-session';

export interface SidebarState {
  menu: MenuNode[];
  currentPath: string;
  openIds: ReadonlySet<string>;
  toggle(id: string): void;
  open(node: MenuNode): void;
}

/** The visible menu, which groups are open, and what clicking an item does. */
export function useSidebar(): SidebarState {
  const { menu, userInfo } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const roles = useMemo(() => (userInfo?.role_name ?? '').split(',').filter(Boolean), [userInfo?.role_name]);
  const visible = useMemo(() => filterMenuByRoles(menu, roles), [menu, roles]);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());

  // Open the groups above the current page (after a reload, a tab click, a link).
  useEffect(() => {
    const above = ancestorIds(visible, pathname);
    if (above?.length) setOpenIds((prev) => new Set([...prev, ...above]));
  }, [visible, pathname]);

  const toggle = useCallback((id: string) => {
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const open = useCallback(
    (node: MenuNode) => {
      if (isExternalPath(node.path)) window.open(node.path, '_blank', 'noopener');
      else navigate(node.path);
    },
    [navigate],
  );

  return { menu: visible, currentPath: pathname, openIds, toggle, open };
}

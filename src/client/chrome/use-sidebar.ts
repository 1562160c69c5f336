import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ancestorIds } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { useMenu } from './use-menu';

export interface SidebarState {
  menu: MenuNode[];
  currentPath: string;
  openIds: ReadonlySet<string>;
  labelOf(node: MenuNode): string;
  toggle(id: string): void;
  open(node: MenuNode): void;
}

/** The visible menu, which groups are open, and what clicking an item does. */
export function useSidebar(): SidebarState {
  const { menu, labelOf, open } = useMenu();
  const { pathname } = useLocation();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());

  // Open the groups above the current page (after a reload, a tab click, a link).
  useEffect(() => {
    const above = ancestorIds(menu, pathname);
    if (above?.length) setOpenIds((prev) => new Set([...prev, ...above]));
  }, [menu, pathname]);

  const toggle = useCallback((id: string) => {
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return { menu, currentPath: pathname, openIds, labelOf, toggle, open };
}

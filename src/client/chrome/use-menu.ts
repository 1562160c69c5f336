import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRouteTitle } from '../routes/use-route-title';
import { filterMenuByRoles } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { useSession } from '../session/use-session';
import { addTag } from '../store/tags-store';
import { menuTarget } from './menu-target';

export interface MenuModel {
  /** The user's menu, filtered by meta roles. */
  menu: MenuNode[];
  labelOf(node: MenuNode): string;
  /** Goes where the item leads (a route, a frame, a new window). */
  open(node: MenuNode): void;
}

/** The side menu's items, labels and navigation, shared by the sidebar and the menu searches. */
export function useMenu(): MenuModel {
  const { menu, userInfo } = useSession();
  const navigate = useNavigate();
  const titleOf = useRouteTitle();
  const roles = useMemo(() => (userInfo?.role_name ?? '').split(',').filter(Boolean), [userInfo?.role_name]);
  const visible = useMemo(() => filterMenuByRoles(menu, roles), [menu, roles]);
  const labelOf = useCallback((node: MenuNode) => titleOf(node.path) ?? node.name, [titleOf]);
  const open = useCallback(
    (node: MenuNode) => {
      const target = menuTarget(node, labelOf(node));
      if (target.kind === 'window') return void window.open(target.url, '_blank', 'noopener');
      // The tab opens with the click: a page left before it has rendered (its chunk still
      // loading) never commits its location, so the tag tracking would not see it.
      addTag({ value: target.to, label: labelOf(node) });
      navigate(target.to);
    },
    [navigate, labelOf],
  );
  return { menu: visible, labelOf, open };
}

import { isExternalPath } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';

export const IFRAME_ROUTE = '/myiframe/urlPath';

export type MenuTarget = { kind: 'window'; url: string } | { kind: 'route'; to: string };

/**
 * Where clicking a menu item goes: an http(s) path marked isOpen = 2 opens a new window,
 * another http(s) path is shown in a frame inside the layout
 * (`/myiframe/urlPath?src=<url>&name=<label>`, Saber's formatRoutes), anything else is
 * a route.
 */
export function menuTarget(node: Pick<MenuNode, 'path' | 'isOpen'>, label: string): MenuTarget {
  if (!isExternalPath(node.path)) return { kind: 'route', to: node.path };
  if (node.isOpen === 2) return { kind: 'window', url: node.path };
  return { kind: 'route', to: `${IFRAME_ROUTE}?${new URLSearchParams({ src: node.path, name: label })}` };
}

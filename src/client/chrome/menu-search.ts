/** Menu search (top bar autocomplete and the in-layout search panel): pure helpers. */
import { hasChildren } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';

export interface MenuEntry {
  node: MenuNode;
  /** Label in the current language. */
  label: string;
}

/** Every leaf of the menu tree, depth first, with its label. */
export function menuLeaves(nodes: MenuNode[], labelOf: (node: MenuNode) => string): MenuEntry[] {
  return nodes.flatMap((node) => (hasChildren(node) ? menuLeaves(node.children ?? [], labelOf) : [{ node, label: labelOf(node) }]));
}

/**
 * Entries whose label or server name starts with `query` (case-insensitive; Saber's
 * top-search matches a name prefix). An empty query matches everything.
 */
export function searchMenus(entries: MenuEntry[], query: string): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return entries;
  return entries.filter((entry) => entry.label.toLowerCase().startsWith(q) || entry.node.name.toLowerCase().startsWith(q));
}

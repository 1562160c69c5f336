/** Pure helpers over the server's menu and button trees. */
import type { ButtonNode, MenuNode, Permissions } from './session-types';

const INDEX = '/index';

export function isExternalPath(path: string | undefined): boolean {
  return /^https?:\/\//i.test(path ?? '');
}

export function hasChildren(node: MenuNode): boolean {
  return (node.children?.length ?? 0) > 0;
}

/** Gives every internal leaf its route path (`/system/param` → `/system/param/index`). */
export function withIndexPaths(nodes: MenuNode[]): MenuNode[] {
  return nodes.map((node) => {
    if (hasChildren(node)) return { ...node, children: withIndexPaths(node.children ?? []) };
    if (isExternalPath(node.path) || !node.path || node.path.endsWith(INDEX)) return { ...node, children: [] };
    return { ...node, path: `${node.path.replace(/\/+$/, '')}${INDEX}`, children: [] };
  });
}

/** Keeps the items whose `meta.roles` is absent or names one of the user's roles. */
export function filterMenuByRoles(nodes: MenuNode[], roles: string[]): MenuNode[] {
  return nodes
    .filter((node) => !node.meta?.roles?.length || node.meta.roles.some((role) => roles.includes(role)))
    .map((node) => (hasChildren(node) ? { ...node, children: filterMenuByRoles(node.children ?? [], roles) } : node));
}

/** Flattens the button tree into `{code: true}` flags. */
export function flattenButtons(nodes: ButtonNode[], into: Permissions = {}): Permissions {
  for (const node of nodes) {
    if (node.code) into[node.code] = true;
    if (node.children?.length) flattenButtons(node.children, into);
  }
  return into;
}

/** The menu node whose (route) path is `path`, searched depth first. */
export function findMenuByPath(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findMenuByPath(node.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** Ids of the ancestors of the node with `path`, outermost first (to open the sidebar on it). */
export function ancestorIds(nodes: MenuNode[], path: string, trail: string[] = []): string[] | undefined {
  for (const node of nodes) {
    if (node.path === path) return trail;
    const found = ancestorIds(node.children ?? [], path, [...trail, node.id]);
    if (found) return found;
  }
  return undefined;
}

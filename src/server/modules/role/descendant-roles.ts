import type { EntityRecord } from '../../engine/record-codec.js';

/** Ids of every role below the given ones (not the given ones themselves). */
export function descendantRoles(roles: EntityRecord[], roots: string[]): string[] {
  const children = new Map<string, string[]>();
  for (const role of roles) {
    const parent = String(role.parentId);
    children.set(parent, [...(children.get(parent) ?? []), String(role.id)]);
  }
  const start = new Set(roots);
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (start.has(child) || found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return [...found];
}

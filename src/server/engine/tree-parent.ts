import { AppError } from '../../shared/errors.js';
import type { EntityRecord } from './record-codec.js';
import type { WriteEvent } from './resource-hooks.js';
import { isId } from './ids.js';

/** Deeper than any real menu, role or department tree; stops a walk through bad data. */
const MAX_DEPTH = 64;

/** Refuses a parent that lies below the node being moved: the tree would lose both. */
async function refuseDescendant(event: WriteEvent, parent: EntityRecord): Promise<void> {
  const { model, ctx, repo, key } = event;
  const tree = model.tree!;
  let node: EntityRecord | undefined = parent;
  for (let depth = 0; node && depth < MAX_DEPTH; depth += 1) {
    const up = String(node[tree.parentField] || tree.root);
    if (up === key) throw new AppError('tree.parentIsDescendant', undefined, 400, { field: tree.parentField });
    if (up === tree.root || !isId(up)) return;
    node = await repo.findByKey(model, ctx, up);
  }
}

/**
 * The parent a tree write names, checked: a live row the caller can see (for tenant
 * entities, of the caller's tenant: another tenant's id is refused, never linked) and
 * not below the node itself. Undefined for a root or when the parent is not written.
 */
export async function checkedParent(event: WriteEvent): Promise<EntityRecord | undefined> {
  const { model, ctx, repo, values, key } = event;
  const tree = model.tree!;
  if (!(tree.parentField in values)) return undefined;
  const parentId = String(values[tree.parentField] || tree.root);
  // The node as its own parent is answered by the engine (父节点不可选择自身!).
  if (parentId === tree.root || parentId === key) return undefined;
  const parent = isId(parentId) ? await repo.findByKey(model, ctx, parentId) : undefined;
  if (!parent) throw new AppError('tree.parentMissing', undefined, 400, { field: tree.parentField });
  if (key !== undefined) await refuseDescendant(event, parent);
  return parent;
}

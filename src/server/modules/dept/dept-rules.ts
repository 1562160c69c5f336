import type { ResourceHooks, WriteEvent } from '../../engine/resource-hooks.js';
import { requiredField } from '../../engine/rows.js';
import { checkedParent } from '../../engine/tree-parent.js';

/**
 * A moved department takes its subtree along: every descendant's ancestors start with
 * the department's own path, and data scopes ("own dept and children") read them.
 */
async function moveDescendants(event: WriteEvent & { key: string }, before: string, after: string): Promise<void> {
  const { model, ctx, repo, key } = event;
  const ancestors = model.tree!.ancestorsField!;
  const [from, to] = [`${before},${key}`, `${after},${key}`];
  const rows = await repo.list(model, ctx, { conditions: [{ field: requiredField(model, ancestors), op: 'likeright', value: from }], order: [] });
  for (const row of rows) {
    const path = String(row[ancestors]);
    if (path !== from && !path.startsWith(`${from},`)) continue;
    await repo.update(model, ctx, String(row[model.primaryKey]), { [ancestors]: to + path.slice(from.length) });
  }
}

/**
 * Department writes: the parent must be a department of the caller's tenant (so a
 * department always has its parent's tenant) and not one below it; the engine fills
 * ancestors, and a move rewrites them down the subtree.
 */
export const deptRules: ResourceHooks = {
  async beforeWrite(event) {
    await checkedParent(event);
  },
  async afterWrite(event) {
    const ancestors = event.model.tree!.ancestorsField!;
    const before = event.existing?.[ancestors];
    const after = event.values[ancestors];
    if (event.isInsert || typeof before !== 'string' || typeof after !== 'string' || before === after) return;
    await moveDescendants(event, before, after);
  },
};

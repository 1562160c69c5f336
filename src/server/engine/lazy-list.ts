import type { EndpointModel, EntityModel, FixedCondition } from '../../shared/schema/entity-model.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { Condition } from './conditions.js';
import { searchConditions } from './query-filters.js';
import type { EntityRecord } from './record-codec.js';
import type { RequestContext } from './request-context.js';
import { requiredField } from './rows.js';
import { toTreeNode, type TreeNode } from './tree-nodes.js';

type Query = Record<string, unknown>;

/** Which of `keys` have children among the rows matching `conditions`. */
export interface ChildrenRead {
  model: EntityModel;
  ctx: RequestContext;
  keys: string[];
  conditions: Condition[];
}

/** What a lazy list needs: the access-checked list and which keys have children. */
export interface LazyListSource {
  list(read: { model: EntityModel; endpoint: EndpointModel; ctx: RequestContext; query: Query }): Promise<EntityRecord[]>;
  parentsWithChildren(read: ChildrenRead): Promise<Set<string>>;
}

/**
 * BladeX `lazy-list`: the children of `parentId` with `hasChildren`. Without a parent,
 * a search looks through every level and a bare request starts at the roots. `where`
 * limits both the rows and what counts as a child (menus only, for lazy-menu-list).
 */
export async function lazyList(source: LazyListSource, opts: { model: EntityModel; ctx: RequestContext; query: Query; where?: FixedCondition[]; action?: string }): Promise<TreeNode[]> {
  const { model, ctx } = opts;
  const tree = model.tree!;
  const endpoint: EndpointModel = { action: opts.action ?? 'lazy-list', kind: 'list', method: 'GET', where: opts.where ?? [], params: {}, searchable: true };
  const query = { ...opts.query };
  if (isEmpty(query[tree.parentField])) {
    delete query[tree.parentField];
    if (searchConditions(model, endpoint, query).length === 0) query[tree.parentField] = tree.lazyRoot;
  }
  const rows = await source.list({ model, endpoint, ctx, query });
  const keys = rows.map((r) => String(r[model.primaryKey]));
  const where: Condition[] = endpoint.where.map((w) => ({ field: requiredField(model, w.field), op: w.op, value: w.value }));
  const parents = await source.parentsWithChildren({ model, ctx, keys, conditions: where });
  return rows.map((r, i) => ({ ...toTreeNode(model, r), hasChildren: parents.has(keys[i]) }));
}

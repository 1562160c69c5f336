import type { EndpointModel, EntityModel, FixedCondition } from '../../../shared/schema/entity-model.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { AppServices } from '../../app-services.js';
import { whereAll, type Condition } from '../../engine/conditions.js';
import { searchConditions } from '../../engine/query-filters.js';
import type { RequestContext } from '../../engine/request-context.js';
import { toTreeNode, type TreeNode } from '../../engine/tree-nodes.js';
import { fieldOf } from './rows.js';
import type { Params } from '../../http/request-params.js';

/** Keys among `ids` that have at least one live child matching `where`. */
async function parentsWithChildren(services: AppServices, opts: { model: EntityModel; ctx: RequestContext; ids: string[]; where: FixedCondition[] }): Promise<Set<string>> {
  const { model, ctx, ids } = opts;
  if (ids.length === 0) return new Set();
  const parent = fieldOf(model, model.tree!.parentField).column;
  let q = services.repo.db.selectFrom(model.table).select(parent).distinct().where(parent, 'in', ids);
  if (model.tenancy === 'tenant') q = q.where('tenant_id', '=', ctx.tenantId);
  if (model.logicalDelete) q = q.where('is_deleted', '=', 0);
  const extra: Condition[] = opts.where.map((w) => ({ field: fieldOf(model, w.field), op: w.op, value: w.value }));
  if (extra.length) q = q.where((eb) => whereAll(eb, extra));
  return new Set((await q.execute()).map((r) => String(r[parent])));
}

/**
 * BladeX `lazy-list`: the children of `parentId` with `hasChildren`. Without a parent,
 * a search looks through every level and a bare request starts at the roots. `where`
 * limits both the rows and what counts as a child (menus only, for lazy-menu-list).
 */
export async function lazyList(services: AppServices, opts: { model: EntityModel; ctx: RequestContext; query: Params; where?: FixedCondition[] }): Promise<TreeNode[]> {
  const { model, ctx } = opts;
  const tree = model.tree!;
  const endpoint: EndpointModel = { action: 'lazy-list', kind: 'list', method: 'GET', where: opts.where ?? [], params: {}, searchable: true };
  const query = { ...opts.query };
  if (isEmpty(query[tree.parentField])) {
    delete query[tree.parentField];
    if (searchConditions(model, endpoint, query).length === 0) query[tree.parentField] = tree.lazyRoot;
  }
  const rows = await services.resources.list(model, endpoint, ctx, query);
  const keys = rows.map((r) => String(r[model.primaryKey]));
  const parents = await parentsWithChildren(services, { model, ctx, ids: keys, where: endpoint.where });
  return rows.map((r, i) => ({ ...toTreeNode(model, r), hasChildren: parents.has(keys[i]) }));
}

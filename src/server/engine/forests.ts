import type { EndpointModel, EntityModel, ForestLeaves } from '../../shared/schema/entity-model.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { requiredField } from './rows.js';
import { bareForest, bareNode, forestOfNodes, type TreeNode } from './tree-nodes.js';

/** The rows owning leaves, with the leaves (rows of another entity, in key order) under them. */
async function withLeaves(opts: { model: EntityModel; records: EntityRecord[]; leaves: ForestLeaves; leafModel: EntityModel; repo: Repository; ctx: RequestContext }): Promise<TreeNode[]> {
  const { model, records, leaves, leafModel } = opts;
  const keys = records.map((r) => String(r[model.primaryKey]));
  if (keys.length === 0) return [];
  const key = requiredField(leafModel, leafModel.primaryKey);
  const rows = await opts.repo.list(leafModel, opts.ctx, { conditions: [{ field: requiredField(leafModel, leaves.parent), op: 'in', value: keys }], order: [{ column: key.column, dir: 'asc' }] });
  const owners = new Set(rows.map((r) => String(r[leaves.parent])));
  return forestOfNodes(model, [
    ...records.filter((r) => owners.has(String(r[model.primaryKey]))).map((r) => bareNode(model, r)),
    ...rows.map((r) => ({ id: String(r[leafModel.primaryKey]), parentId: String(r[leaves.parent]), title: String(r[leaves.label] ?? '') })),
  ]);
}

/** A `forests` endpoint's answer from its rows (BladeX grant-tree: menus, and the menus owning data / API scope rules with them). */
export async function forestsOf(opts: { model: EntityModel; endpoint: EndpointModel; records: EntityRecord[]; repo: Repository; ctx: RequestContext; modelOf: (key: string) => EntityModel }): Promise<Record<string, TreeNode[]>> {
  const { model, records } = opts;
  const entries = await Promise.all(Object.entries(opts.endpoint.forests!).map(async ([name, forest]) => {
    if (!forest.leaves) return [name, bareForest(model, records)] as [string, TreeNode[]];
    const leafModel = opts.modelOf(forest.leaves.entity);
    return [name, await withLeaves({ model, records, leaves: forest.leaves, leafModel, repo: opts.repo, ctx: opts.ctx })] as [string, TreeNode[]];
  }));
  return Object.fromEntries(entries);
}

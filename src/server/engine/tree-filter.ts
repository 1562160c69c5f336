import { fieldOf, keyFieldOf, type EndpointModel, type EntityModel, type SideTree } from '../../shared/schema/entity-model.js';
import { sideTreeEntity } from '../../shared/schema/normalize-side-tree.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { Condition } from './conditions.js';
import { invalidParam, isIdText } from './input-rules.js';
import { splitKeys } from './ids.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { requiredField } from './rows.js';

/** Where a side tree's nodes and links are read: the repository and the served models. */
export interface TreeFilterSource {
  repo: Repository;
  models: () => readonly EntityModel[];
}

type Query = Record<string, unknown>;

/**
 * The condition an endpoint's side tree (`x-list.sideTree`) adds for the node the query
 * picks: the rows of that node or of any node below it. Nodes are read in the caller's
 * tenant (the rows themselves keep the caller's data scope); none when nothing is picked.
 */
export async function treeFilterConditions(source: TreeFilterSource, opts: { model: EntityModel; endpoint: EndpointModel; ctx: RequestContext; query: Query }): Promise<Condition[]> {
  const filter = opts.endpoint.treeFilter;
  const picked = filter && opts.query[filter.param];
  if (!filter || isEmpty(picked)) return [];
  const tree = sideTreeEntity(source.models(), filter)!;
  if (typeof picked !== 'string' || (tree.generatedId && !isIdText(picked))) throw invalidParam(filter.param);
  const nodes = await nodesOf(source.repo, { tree, ctx: opts.ctx, node: picked, subtree: filter.subtree });
  return [await rowCondition(source, { model: opts.model, filter, ctx: opts.ctx, nodes })];
}

/** The picked node (if it is a live row of the tenant) and, with `subtree`, every node below it. */
async function nodesOf(repo: Repository, opts: { tree: EntityModel; ctx: RequestContext; node: string; subtree: boolean }): Promise<string[]> {
  const { tree, ctx, node } = opts;
  const key = (rows: Record<string, unknown>[]) => rows.map((r) => String(r[tree.primaryKey]));
  const found = key(await repo.list(tree, ctx, { conditions: [{ field: keyFieldOf(tree), op: 'equal', value: node }], order: [] }));
  if (found.length === 0 || !opts.subtree) return found;
  const ancestors = tree.tree!.ancestorsField;
  if (ancestors) {
    const field = requiredField(tree, ancestors);
    const below = await repo.list(tree, ctx, { conditions: [{ field, op: 'like', value: node }], order: [] });
    // `like` also matches a longer key containing this one: keep exact members of the path.
    return [...found, ...key(below.filter((r) => splitKeys(r[ancestors]).includes(node)))];
  }
  return [...found, ...(await descendants(repo, { tree, ctx, parents: found }))];
}

/** Descendants level by level through the parent field (trees without an ancestors path). */
async function descendants(repo: Repository, opts: { tree: EntityModel; ctx: RequestContext; parents: string[] }): Promise<string[]> {
  const parentField = requiredField(opts.tree, opts.tree.tree!.parentField);
  const out: string[] = [];
  let level = opts.parents;
  while (level.length > 0) {
    const rows = await repo.list(opts.tree, opts.ctx, { conditions: [{ field: parentField, op: 'in', value: level }], order: [] });
    level = rows.map((r) => String(r[opts.tree.primaryKey])).filter((k) => !out.includes(k));
    out.push(...level);
  }
  return out;
}

/** Rows whose field holds one of the nodes, or (through the link entity) whose links do. */
async function rowCondition(source: TreeFilterSource, opts: { model: EntityModel; filter: SideTree; ctx: RequestContext; nodes: string[] }): Promise<Condition> {
  const { model, filter, nodes } = opts;
  if (!filter.link) return { field: fieldOf(model, filter.field)!, op: 'in', value: nodes };
  const link = source.models().find((m) => m.key === filter.link!.entity)!;
  const rows = nodes.length === 0 ? [] : await source.repo.list(link, opts.ctx, { conditions: [{ field: requiredField(link, filter.link.node), op: 'in', value: nodes }], order: [] });
  return { field: keyFieldOf(model), op: 'in', value: [...new Set(rows.map((r) => String(r[filter.link!.key])))] };
}

import type { EndpointModel, EntityModel, LinkedKeys } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import type { CallerRows } from './caller-rows.js';
import type { Condition } from './conditions.js';
import { idList } from './ids.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { defaultOrder, requiredField } from './rows.js';

/** What a `linked-keys` endpoint answers: per answer key, the linked keys as id strings. */
export type KeyLists = Record<string, string[]>;

/**
 * `linked-keys` (BladeX role-tree-keys, top-tree-keys): the owner rows the parameter names,
 * only those the caller reaches, then per answer key the distinct `target` values of the link
 * rows whose `owner` is one of them (and that match the link's `where`), in stored order.
 */
export async function readLinkedKeys(opts: {
  links: LinkedKeys;
  query: Record<string, unknown>;
  rows: CallerRows;
  repo: Repository;
  ctx: RequestContext;
  modelOf: (key: string) => EntityModel;
}): Promise<{ owners: EntityRecord[]; keys: KeyLists }> {
  const { links, rows, repo, ctx, modelOf } = opts;
  const ownerModel = modelOf(links.entity);
  const owners = await rows.whereIn(ownerModel, idList(opts.query[links.param], links.param));
  const ownerKeys = owners.map((o) => String(o[ownerModel.primaryKey]));
  const lists = await Promise.all(Object.entries(links.keys).map(async ([name, link]) => {
    if (ownerKeys.length === 0) return [name, []] as [string, string[]];
    const model = modelOf(link.entity);
    const conditions: Condition[] = [
      { field: requiredField(model, link.owner), op: 'in', value: ownerKeys },
      ...link.where.map((w) => ({ field: fieldOf(model, w.field)!, op: w.op, value: w.value })),
    ];
    const found = await repo.list(model, ctx, { conditions, order: defaultOrder(model) });
    return [name, [...new Set(found.map((r) => String(r[link.target])))]] as [string, string[]];
  }));
  return { owners, keys: Object.fromEntries(lists) };
}

/** Whether an endpoint names the caller's own row. */
export const isOwnRow = (endpoint: EndpointModel | undefined): boolean => endpoint?.keyFrom !== undefined;

import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Repository } from '../../engine/repository.js';
import type { RequestContext } from '../../engine/request-context.js';

/** The values a copy keeps: declared fields, not ids, tenant, audit or the parent link. */
function copiedValues(model: EntityModel, row: EntityRecord): EntityRecord {
  const out: EntityRecord = {};
  for (const field of model.fields) {
    if (field.isBase || field.name === model.primaryKey || field.name === model.tree?.parentField) continue;
    if (field.name in row) out[field.name] = row[field.name];
  }
  return out;
}

/**
 * Copies every live business-dictionary tree of one tenant into another with new ids,
 * parents first so each child points at its parent's copy. Rows whose parent is gone
 * belong to no live tree and are left behind. Answers the number of rows copied.
 */
export async function copyDictBiz(opts: { services: AppServices; repo: Repository; from: RequestContext; to: RequestContext }): Promise<number> {
  const model = opts.services.model('system/dict-biz');
  const parentField = model.tree!.parentField;
  const rows = await opts.repo.list(model, opts.from, { conditions: [], order: [{ column: 'id', dir: 'asc' }] });
  const byParent = new Map<string, EntityRecord[]>();
  for (const row of rows) {
    const parent = String(row[parentField] || model.tree!.root);
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const queue = (byParent.get(model.tree!.root) ?? []).map((row) => ({ row, parentId: model.tree!.root }));
  let copied = 0;
  for (let item = queue.shift(); item; item = queue.shift()) {
    const id = await opts.repo.insert(model, opts.to, { ...copiedValues(model, item.row), [parentField]: item.parentId });
    copied += 1;
    queue.push(...(byParent.get(String(item.row.id)) ?? []).map((row) => ({ row, parentId: id })));
  }
  return copied;
}

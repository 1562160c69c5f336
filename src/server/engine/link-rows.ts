import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { CallerRows } from './caller-rows.js';
import type { EntityRecord } from './record-codec.js';

/**
 * Replaces the links of each owner (role → menus, top menu → menus): its rows matching
 * `extra` go, then one row per owner and target is written. Run it inside a transaction;
 * the rows go through the repository so caches keyed on the table see the change.
 */
export async function replaceLinks(rows: CallerRows, opts: {
  model: EntityModel;
  ownerField: string;
  owners: string[];
  targetField: string;
  targets: string[];
  extra?: EntityRecord;
}): Promise<void> {
  const { model, ownerField, owners, targetField, targets, extra = {} } = opts;
  const current = await rows.whereIn(model, owners, ownerField);
  const replaced = current.filter((row) => Object.entries(extra).every(([k, v]) => String(row[k]) === String(v)));
  if (replaced.length) await rows.remove(model, replaced.map((r) => String(r.id)));
  for (const owner of owners) {
    for (const target of targets) await rows.insert(model, { ...extra, [ownerField]: owner, [targetField]: target });
  }
}

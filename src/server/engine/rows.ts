import { fieldOf, type EntityModel, type FieldModel } from '../../shared/schema/entity-model.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { OrderBy } from './list-reader/paging.js';
import type { RequestContext } from './request-context.js';

/** The model's field named `name`; a missing one is a programming error. */
export function requiredField(model: EntityModel, name: string): FieldModel {
  const field = fieldOf(model, name);
  if (!field) throw new Error(`${model.key}: no field ${name}`);
  return field;
}

/** The model's default order (sort, then id) as columns. */
export function defaultOrder(model: EntityModel): OrderBy[] {
  return model.sort.map((s) => ({ column: requiredField(model, s.field).column, dir: s.dir }));
}

/**
 * Live rows whose `field` (default: the key) is one of `values`, seen from `ctx`: for a
 * tenant entity only the caller's tenant, so an id of another tenant matches nothing.
 */
export async function rowsWhereIn(repo: Repository, opts: { model: EntityModel; ctx: RequestContext; values: string[]; field?: string }): Promise<EntityRecord[]> {
  if (opts.values.length === 0) return [];
  const field = requiredField(opts.model, opts.field ?? opts.model.primaryKey);
  return repo.list(opts.model, opts.ctx, { conditions: [{ field, op: 'in', value: opts.values }], order: defaultOrder(opts.model) });
}

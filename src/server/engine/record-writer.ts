import type { ActionModel, EntityModel } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import { AppError, ErrorCodes, badRequest, notFound } from '../../shared/errors.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { Condition } from './conditions.js';
import { storedValues } from './field-transforms.js';
import { invalidParam } from './input-rules.js';
import type { EntityRecord } from './record-codec.js';
import type { RecordValidator } from './record-validator.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import type { HookRegistry } from './resource-hooks.js';
import { uniqueIndexName } from '../db/table-design.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** Where a write lands: the entity, the caller, and the repository bound to the write's transaction. */
export interface WriteTarget {
  repo: Repository;
  model: EntityModel;
  ctx: RequestContext;
}

/** Values the form's validator has passed, on their way to the row. */
export interface CheckedWrite {
  values: EntityRecord;
  isInsert: boolean;
  /** The stored row an update changes. */
  existing?: EntityRecord;
  key?: string;
  /** The `x-actions` entry doing the write; the entity's hooks see it. */
  action?: ActionModel;
}

/**
 * The one write path of an entity's rows. Submit, imports, the action kinds, hook files and
 * module code acting for a caller all create, update and remove through here: the form's
 * validator, the entity's write hooks, the tree and uniqueness checks and the field
 * transforms, inside the transaction of `target.repo`. Which rows the caller may reach,
 * and whether they may press the button, is checked before (ResourceService, ActionService).
 */
export class RecordWriter {
  constructor(private readonly deps: { validator: RecordValidator; hooks: HookRegistry }) {}

  /** Whether a write of the model may write more than its row (so it needs a transaction of its own). */
  hasWriteHooks(model: EntityModel): boolean {
    return this.deps.hooks.for(model.key).some((h) => h.beforeWrite || h.afterWrite);
  }

  /** Defaults of the fields not given (and the tree's root as parent). */
  applyDefaults(model: EntityModel, values: EntityRecord): void {
    for (const field of model.fields) {
      if (!field.readOnly && field.defaultValue !== undefined && isEmpty(values[field.name])) values[field.name] = field.defaultValue;
    }
    if (model.tree && isEmpty(values[model.tree.parentField])) values[model.tree.parentField] = model.tree.root;
  }

  /** Checks (and coerces) the values with the form's rules: every rule on insert, the sent fields against `existing` on update. */
  check(model: EntityModel, write: CheckedWrite & { confirmations?: EntityRecord }): void {
    this.deps.validator.check(model, write.values, { isInsert: write.isInsert, existing: write.existing, confirmations: write.confirmations });
  }

  /** A new row: defaults, the form's rules, then `save`. */
  async create(target: WriteTarget, opts: { values: EntityRecord; action?: ActionModel }): Promise<EntityRecord> {
    const { values, action } = opts;
    this.applyDefaults(target.model, values);
    const write: CheckedWrite = { values, isInsert: true, action };
    this.check(target.model, write);
    return this.save(target, write);
  }

  /** Fields of the stored row `existing` changed: the form's rules on what is sent, then `save`. */
  async update(target: WriteTarget, opts: { key: string; values: EntityRecord; existing: EntityRecord; action?: ActionModel }): Promise<EntityRecord> {
    const write: CheckedWrite = { ...opts, isInsert: false };
    this.check(target.model, write);
    return this.save(target, write);
  }

  /** Checked values stored: write hooks, tree, uniqueness, field transforms, the row; answers the saved record. */
  async save(target: WriteTarget, write: CheckedWrite): Promise<EntityRecord> {
    const { repo, model, ctx } = target;
    const { values, isInsert, existing, key, action } = write;
    const hooks = this.deps.hooks.for(model.key);
    const event = { model, ctx, repo, values, isInsert, existing, key: existing ? key : undefined, action };
    for (const h of hooks) await h.beforeWrite?.(event);
    await this.checkTree(target, values, key);
    await this.checkUnique(target, { ...existing, ...values }, existing ? key : undefined);
    const stored = await storedValues(model, values);
    const saved = await this.write(target, stored, existing ? key : undefined);
    for (const h of hooks) await h.afterWrite?.({ ...event, key: saved.key });
    // The statement returned the row as stored; a hook after the write may have changed it since.
    if (saved.record && !hooks.some((h) => h.afterWrite)) return saved.record;
    return (await repo.findByKey(model, ctx, saved.key)) ?? {};
  }

  /** Rows the caller was shown to reach, removed: remove hooks, the tree's child check, the rows. */
  async remove(target: WriteTarget, keys: string[]): Promise<number> {
    const { repo, model, ctx } = target;
    const hooks = this.deps.hooks.for(model.key);
    const event = { model, ctx, repo, keys };
    for (const h of hooks) await h.beforeRemove?.(event);
    if (model.tree && (await repo.countChildren(model, ctx, keys)) > 0) {
      throw new AppError('tree.hasChildren', undefined, 400, { code: ErrorCodes.HAS_CHILDREN });
    }
    const removed = await repo.remove(model, ctx, keys);
    if (removed === 0) throw notFound();
    for (const h of hooks) await h.afterRemove?.(event);
    return removed;
  }

  private async checkTree({ repo, model, ctx }: WriteTarget, values: EntityRecord, key?: string): Promise<void> {
    const tree = model.tree;
    if (!tree || !(tree.parentField in values)) return;
    const parent = String(values[tree.parentField] || tree.root);
    if (key !== undefined && parent === key) {
      throw badRequest('tree.selfParent');
    }
    if (!tree.ancestorsField) return;
    if (parent === tree.root) {
      values[tree.ancestorsField] = parent;
      return;
    }
    const parentRow = await repo.findByKey(model, ctx, parent);
    if (!parentRow) throw invalidParam(tree.parentField);
    const above = String(parentRow[tree.ancestorsField] ?? '');
    values[tree.ancestorsField] = above ? `${above},${parent}` : parent;
  }

  private async checkUnique({ repo, model, ctx }: WriteTarget, merged: EntityRecord, exceptKey?: string): Promise<void> {
    for (const unique of model.unique) {
      if (unique.fields.some((f) => isEmpty(merged[f]))) continue;
      const conditions: Condition[] = unique.fields.map((name) => ({
        field: fieldOf(model, name)!,
        op: 'equal',
        value: merged[name],
      }));
      if (await repo.exists(model, ctx, conditions, exceptKey)) {
        throw new AppError(unique.message, uniqueValues(unique, merged), 400, { code: ErrorCodes.DUPLICATE_KEY });
      }
    }
  }

  private async write({ repo, model, ctx }: WriteTarget, values: EntityRecord, updateKey?: string): Promise<{ key: string; record?: EntityRecord }> {
    try {
      if (updateKey === undefined) return await repo.insertReturning(model, ctx, values);
      const updated = await repo.updateReturning(model, ctx, updateKey, values);
      if (!updated) throw notFound();
      return { key: updateKey, record: updated.record };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const unique = uniqueKeyViolated(model, error as { constraint?: string });
        throw new AppError(unique?.message ?? 'common.duplicate', unique && uniqueValues(unique, values), 400, { code: ErrorCodes.DUPLICATE_KEY });
      }
      throw error;
    }
  }
}

/** The key's fields and their values, for the `{field}` placeholders of its message (当前用户 [{account}] 已存在!). */
function uniqueValues(unique: EntityModel['unique'][number], record: EntityRecord): Record<string, unknown> {
  return Object.fromEntries(unique.fields.map((name) => [name, record[name]]));
}

/**
 * The unique key whose index a unique violation names (the first key when the database names
 * none); none for another index (a primary key, or one the engine did not make).
 */
function uniqueKeyViolated(model: EntityModel, error: { constraint?: string }): EntityModel['unique'][number] | undefined {
  return model.unique.find((key) => uniqueIndexName(model, key) === error.constraint) ?? (error.constraint ? undefined : model.unique[0]);
}

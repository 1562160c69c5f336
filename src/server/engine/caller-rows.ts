import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { RowScope } from './access-policy.js';
import type { Condition } from './conditions.js';
import type { OrderBy } from './list-reader/paging.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { defaultOrder, requiredField } from './rows.js';
import type { MaybePromise } from '../../shared/maybe-promise.js';

/** The one write path (ResourceService's create, update and removeRows): validated, through the entity's hooks. */
export interface RowWrites {
  create(opts: { model: EntityModel; ctx: RequestContext; values: EntityRecord; within?: Repository }): Promise<EntityRecord>;
  update(opts: { model: EntityModel; ctx: RequestContext; key: string; values: EntityRecord; within?: Repository }): Promise<EntityRecord>;
  removeRows(opts: { model: EntityModel; ctx: RequestContext; keys: string[]; within?: Repository }): Promise<number>;
}

/**
 * Rows as one caller may reach them, for module code that acts for that caller: every
 * read and write is bound to the caller's tenant (the context cannot be swapped for
 * another tenant's) and reads, updates and removes see only rows inside the caller's
 * data scope, as the engine's own endpoints do. Writes take the one write path (the form's
 * rules, the entity's write hooks, uniqueness, field transforms), inside `transaction`'s
 * transaction when made by it. Made by `services.resources.rowsOf(ctx)`.
 * Permission checks (buttons, admin roles) stay the route's.
 */
export class CallerRows {
  constructor(
    private readonly deps: {
      repo: Repository;
      scopeOf: (model: EntityModel, ctx: RequestContext) => MaybePromise<RowScope>;
      writes: RowWrites;
      /** Set inside `transaction`: the writes join it. */
      within?: Repository;
    },
    readonly ctx: RequestContext,
  ) {}

  private scope(model: EntityModel): MaybePromise<RowScope> {
    return this.deps.scopeOf(model, this.ctx);
  }

  async list(model: EntityModel, conditions: Condition[] = [], order: OrderBy[] = []): Promise<EntityRecord[]> {
    return this.deps.repo.list(model, this.ctx, { conditions, order, scope: await this.scope(model) });
  }

  /** Rows whose `field` (default: the key) is one of `values`, in the model's default order. */
  async whereIn(model: EntityModel, values: string[], field = model.primaryKey): Promise<EntityRecord[]> {
    if (values.length === 0) return [];
    return this.list(model, [{ field: requiredField(model, field), op: 'in', value: values }], defaultOrder(model));
  }

  async find(model: EntityModel, key: string, withSecrets = false): Promise<EntityRecord | undefined> {
    return this.deps.repo.findByKey(model, this.ctx, key, withSecrets, await this.scope(model));
  }

  async count(model: EntityModel, conditions: Condition[] = []): Promise<number> {
    return this.deps.repo.count(model, this.ctx, conditions, await this.scope(model));
  }

  /** A new row; answers its key. */
  async insert(model: EntityModel, values: EntityRecord): Promise<string> {
    const saved = await this.deps.writes.create({ model, ctx: this.ctx, values, within: this.deps.within });
    return String(saved[model.primaryKey]);
  }

  /** Updates a row the caller sees; answers whether there was one. */
  async update(model: EntityModel, key: string, values: EntityRecord): Promise<boolean> {
    if (!(await this.find(model, key))) return false;
    await this.deps.writes.update({ model, ctx: this.ctx, key, values, within: this.deps.within });
    return true;
  }

  /** Removes the rows among `keys` the caller sees; answers how many went. */
  async remove(model: EntityModel, keys: string[]): Promise<number> {
    const visible = (await this.whereIn(model, keys)).map((row) => String(row[model.primaryKey]));
    return visible.length ? this.deps.writes.removeRows({ model, ctx: this.ctx, keys: visible, within: this.deps.within }) : 0;
  }

  /**
   * Inside `transaction`: locks the caller's rows of `keys` until it ends, so a second
   * writer of the same rows (a grant saved twice at once) waits for the first's commit
   * and then reads what it left, instead of removing the links the first removed.
   */
  async lock(model: EntityModel, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const pk = requiredField(model, model.primaryKey).column;
    let q = this.deps.repo.db.selectFrom(model.table).select(pk).where(pk, 'in', [...new Set(keys)]);
    if (model.tenancy === 'tenant') q = q.where('tenant_id', '=', this.ctx.tenantId);
    await q.orderBy(pk).forUpdate().execute();
  }

  /** Runs `task` once the current transaction has committed (at once outside one). */
  afterCommit(task: () => Promise<void>): Promise<void> {
    return this.deps.repo.afterCommit(task);
  }

  /** Runs `fn` in one transaction (list totals drop after the commit). */
  transaction<T>(fn: (rows: CallerRows) => Promise<T>): Promise<T> {
    return this.deps.repo.transaction((repo) => fn(new CallerRows({ ...this.deps, repo, within: repo }, this.ctx)));
  }
}

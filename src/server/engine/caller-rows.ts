import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { RowScope } from './access-policy.js';
import type { Condition } from './conditions.js';
import type { OrderBy } from './list-reader/paging.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { defaultOrder, requiredField } from './rows.js';
import type { MaybePromise } from '../../shared/maybe-promise.js';

/**
 * Rows as one caller may reach them, for module code that acts for that caller: every
 * read and write is bound to the caller's tenant (the context cannot be swapped for
 * another tenant's) and reads, updates and removes see only rows inside the caller's
 * data scope, as the engine's own endpoints do. Made by `services.resources.rowsOf(ctx)`.
 * Permission checks (buttons, admin roles) stay the route's.
 */
export class CallerRows {
  constructor(
    private readonly deps: { repo: Repository; scopeOf: (model: EntityModel, ctx: RequestContext) => MaybePromise<RowScope> },
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

  insert(model: EntityModel, values: EntityRecord): Promise<string> {
    return this.deps.repo.insert(model, this.ctx, values);
  }

  /** Updates a row the caller sees; answers whether there was one. */
  async update(model: EntityModel, key: string, values: EntityRecord): Promise<boolean> {
    if (!(await this.find(model, key))) return false;
    return this.deps.repo.update(model, this.ctx, key, values);
  }

  /** Removes the rows among `keys` the caller sees; answers how many went. */
  async remove(model: EntityModel, keys: string[]): Promise<number> {
    const visible = (await this.whereIn(model, keys)).map((row) => String(row[model.primaryKey]));
    return visible.length ? this.deps.repo.remove(model, this.ctx, visible) : 0;
  }

  /** Runs `task` once the current transaction has committed (at once outside one). */
  afterCommit(task: () => Promise<void>): Promise<void> {
    return this.deps.repo.afterCommit(task);
  }

  /** Runs `fn` in one transaction (list totals drop after the commit). */
  transaction<T>(fn: (rows: CallerRows) => Promise<T>): Promise<T> {
    return this.deps.repo.transaction((repo) => fn(new CallerRows({ ...this.deps, repo }, this.ctx)));
  }
}

import type { EndpointModel, EntityModel, FixedCondition } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import { AppError, ErrorCodes, badRequest, notFound } from '../../shared/errors.js';
import { isEmpty } from '../../shared/is-empty.js';
import { CallerRows } from './caller-rows.js';
import type { Condition } from './conditions.js';
import { invalidParam, isIdText, singleText } from './input-rules.js';
import { isId, sentKeys } from './ids.js';
import { confirmationValues, storedValues, writableValues } from './field-transforms.js';
import { keepStoredSecrets, maskSecrets } from './secret-fields.js';
import { lazyList } from './lazy-list.js';
import { parseOrder, parsePaging } from './list-reader/paging.js';
import { endpointConditions, searchConditions } from './query-filters.js';
import type { EntityRecord } from './record-codec.js';
import type { RecordValidator } from './record-validator.js';
import type { ListReader } from './list-reader/list-reader.js';
import type { Page } from './list-reader/read-query.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { intersectScopes, type AccessPolicy, type AccessAction, type RowScope } from './access-policy.js';
import type { HookRegistry } from './resource-hooks.js';
import { buildForest, findNode, toTreeNode, type TreeNode } from './tree-nodes.js';
import type { ViewLabels } from './view-labels.js';
import { andThen, type MaybePromise } from '../../shared/maybe-promise.js';
import { uniqueIndexName } from '../db/table-design.js';
import { isUniqueViolation } from '../db/unique-violation.js';

type Query = Record<string, unknown>;

/** The standard operations of every entity, free of HTTP. */
export class ResourceService {
  constructor(private readonly deps: { repo: Repository; reader: ListReader; validator: RecordValidator; policy: AccessPolicy; hooks: HookRegistry; labels?: ViewLabels }) {}

  /** The rows `ctx` may reach (its tenant, its data scope), for module code acting for that caller. */
  rowsOf(ctx: RequestContext): CallerRows {
    return new CallerRows({ repo: this.deps.repo, scopeOf: (model, c) => this.scopeOf(model, c) }, ctx);
  }

  /** Records as the API answers them: with BladeX's `xxxName` labels. */
  private labelled(model: EntityModel, ctx: RequestContext, records: EntityRecord[], scope: RowScope): MaybePromise<EntityRecord[]> {
    return this.deps.labels ? this.deps.labels.apply(model, ctx, records, scope) : records;
  }

  private conditions(model: EntityModel, endpoint: EndpointModel, query: Query): Condition[] {
    return [...endpointConditions(model, endpoint, query), ...searchConditions(model, endpoint, query)];
  }

  /** Checks the action and answers the caller's data scope on the entity. */
  private allow(model: EntityModel, ctx: RequestContext, action: AccessAction, endpoint?: EndpointModel): MaybePromise<RowScope> {
    return andThen(this.deps.policy.checkAction({ model, endpoint, ctx, action }), () => this.scopeOf(model, ctx));
  }

  /** The policy's scope narrowed by every module's read scope for the entity (at once when neither reads anything). */
  scopeOf(model: EntityModel, ctx: RequestContext): MaybePromise<RowScope> {
    const narrowing = this.deps.hooks.for(model.key).filter((hooks) => hooks.readScope);
    const base = this.deps.policy.rowScope({ model, ctx });
    if (narrowing.length === 0) return base;
    return (async () => {
      let scope = await base;
      for (const hooks of narrowing) scope = intersectScopes(scope, await hooks.readScope!({ model, ctx }));
      return scope;
    })();
  }

  async page(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query): Promise<Page<EntityRecord>> {
    const scope = await this.allow(model, ctx, 'read', endpoint);
    const page = await this.deps.reader.page({
      model,
      ctx,
      conditions: this.conditions(model, endpoint, query),
      paging: parsePaging(model, query),
      order: parseOrder(model, query),
      scope,
    });
    return { ...page, records: await this.labelled(model, ctx, page.records, scope) };
  }

  /**
   * The rows `page` would answer over all pages (same filters, order, scope and labels),
   * handed over `size` at a time as a cursor reads them: exports of any size.
   */
  async forEachBatch(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query, size: number, onBatch: (records: EntityRecord[]) => Promise<void>): Promise<void> {
    const scope = await this.allow(model, ctx, 'read', endpoint);
    const read = { model, ctx, conditions: this.conditions(model, endpoint, query), order: parseOrder(model, query), scope };
    await this.deps.reader.forEachBatch({ read, size, onBatch: async (records) => onBatch(await this.labelled(model, ctx, records, scope)) });
  }

  async list(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query): Promise<EntityRecord[]> {
    const scope = await this.allow(model, ctx, 'read', endpoint);
    const records = await this.deps.reader.list({ model, ctx, conditions: this.conditions(model, endpoint, query), order: parseOrder(model, query), scope });
    return endpoint.labels === false ? records : this.labelled(model, ctx, records, scope);
  }

  async tree(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query): Promise<TreeNode[]> {
    return buildForest(model, await this.list(model, endpoint, ctx, query));
  }

  /** The descendants of the node named by the endpoint's parent parameter. */
  async subtree(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query): Promise<TreeNode[]> {
    const [paramName, param] = Object.entries(endpoint.params)[0] ?? [];
    const parent = paramName ? String(query[paramName] ?? param?.default ?? '') : '';
    if (!parent) throw badRequest('request.paramMissing', { name: paramName ?? 'parentId' });
    const rest = { ...query };
    if (paramName) delete rest[paramName];
    const withoutParam: EndpointModel = { ...endpoint, params: {} };
    const forest = buildForest(model, await this.list(model, withoutParam, ctx, rest));
    return findNode(forest, parent)?.children ?? [];
  }

  async lazyTree(model: EntityModel, endpoint: EndpointModel, ctx: RequestContext, query: Query): Promise<TreeNode[]> {
    const tree = model.tree!;
    const parentField = fieldOf(model, tree.parentField)!;
    const hasParentParam = Object.values(endpoint.params).some((p) => p.field === tree.parentField);
    const scope = await this.allow(model, ctx, 'read', endpoint);
    const conditions = this.conditions(model, endpoint, query);
    const named = hasParentParam && conditions.some((c) => c.field === parentField);
    if (!named) conditions.push({ field: parentField, op: 'equal', value: tree.lazyRoot });
    const rows = await this.deps.reader.children({ model, ctx, conditions, order: parseOrder(model, query), scope });
    const labelled = await this.labelled(model, ctx, rows, scope);
    return rows.map((r, i) => ({ ...toTreeNode(model, labelled[i]), hasChildren: r.hasChildren }));
  }

  /** BladeX `lazy-list` (see lazy-list.ts): read through `list`, so the access policy applies. */
  lazyList(model: EntityModel, ctx: RequestContext, query: Query, where?: FixedCondition[]): Promise<TreeNode[]> {
    const parentsWithChildren = (m: EntityModel, c: RequestContext, keys: string[], conditions: Condition[]) => this.deps.reader.parentsWithChildren({ model: m, ctx: c, keys, conditions });
    return lazyList({ list: (m, e, c, q) => this.list(m, e, c, q), parentsWithChildren }, { model, ctx, query, where });
  }

  /** The most frequent call of the API: no promise beyond the read's own while the caller's checks are cached. */
  detail(model: EntityModel, ctx: RequestContext, query: Query): Promise<EntityRecord> {
    try {
      const raw = query[model.primaryKey] ?? query.id;
      if (isEmpty(raw)) throw badRequest('request.paramMissing', { name: model.primaryKey });
      const key = singleText(model.primaryKey, raw);
      if (model.generatedId && !isIdText(key)) throw invalidParam(model.primaryKey);
      return Promise.resolve(andThen(this.allow(model, ctx, 'read'), (scope) => this.deps.reader.byKey({ model, ctx, key, scope }).then((record) => {
        if (!record) throw notFound();
        return andThen(this.labelled(model, ctx, [record], scope), ([labelled]) => maskSecrets(model, labelled));
      })));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A client's record saved (a new one, or an update of the record with its key). Fields the
   * server manages (readOnly, the audit columns) are taken from `serverValues` only, which a
   * module sets for its own reasons (a guest registers pending approval), never from `body`.
   */
  async submit(model: EntityModel, ctx: RequestContext, body: unknown, opts: { serverValues?: EntityRecord } = {}): Promise<EntityRecord> {
    const prepared = await this.prepareSubmit(this.deps.repo, model, ctx, { body, serverValues: opts.serverValues });
    // Without write hooks the save is reads and one statement.
    return this.inOneUnit(this.deps.hooks.for(model.key).some((h) => h.beforeWrite || h.afterWrite), (repo) => this.save(repo, model, ctx, prepared));
  }

  /**
   * One imported row saved exactly as submit saves it (a new record, or an update of the
   * record with its key), inside `repo`'s transaction. Throws the AppError submit would answer.
   */
  async submitIn(repo: Repository, model: EntityModel, ctx: RequestContext, body: EntityRecord): Promise<void> {
    await this.save(repo, model, ctx, await this.prepareSubmit(repo, model, ctx, { body }));
  }

  /** Submit's checks before the write: the key, the caller's action (add or edit), defaults and the form's validator. */
  private async prepareSubmit(reader: Repository, model: EntityModel, ctx: RequestContext, { body, serverValues }: { body: unknown; serverValues?: EntityRecord }) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParam('body');
    const sent = body as EntityRecord;
    const rawKey = sent[model.primaryKey];
    const key = isEmpty(rawKey) ? undefined : singleText(model.primaryKey, rawKey);
    if (model.generatedId && key !== undefined && !isIdText(key)) throw invalidParam(model.primaryKey);
    const scope = await this.scopeOf(model, ctx);
    const existing = key === undefined ? undefined : await reader.findByKey(model, ctx, key, true, scope);
    if (model.generatedId && key !== undefined && !existing) throw notFound();
    const isInsert = !existing;
    await this.deps.policy.checkAction({ model, endpoint: model.endpoints.submit, ctx, action: isInsert ? 'add' : 'edit' });

    const values = { ...writableValues(model, sent), ...serverValues };
    keepStoredSecrets(model, values, isInsert);
    if (!model.generatedId && key !== undefined) values[model.primaryKey] = key;
    if (isInsert) this.applyDefaults(model, values);
    this.deps.validator.check(model, values, { isInsert, existing, confirmations: confirmationValues(model, sent) });
    return { values, isInsert, existing, key };
  }

  /** The write half of submit, inside `repo`'s transaction: hooks, tree, uniqueness, the row, the saved record. */
  private async save(repo: Repository, model: EntityModel, ctx: RequestContext, opts: { values: EntityRecord; isInsert: boolean; existing?: EntityRecord; key?: string }): Promise<EntityRecord> {
    const { values, isInsert, existing, key } = opts;
    const hooks = this.deps.hooks.for(model.key);
    const event = { model, ctx, repo, values, isInsert, existing, key: existing ? key : undefined };
    for (const h of hooks) await h.beforeWrite?.(event);
    await this.checkTree(repo, model, ctx, values, key);
    await this.checkUnique(repo, model, ctx, { ...existing, ...values }, existing ? key : undefined);
    const stored = await storedValues(model, values);
    const saved = await this.write(repo, model, ctx, stored, existing ? key : undefined);
    for (const h of hooks) await h.afterWrite?.({ ...event, key: saved.key });
    // The statement returned the row as stored; a hook after the write may have changed it since.
    if (saved.record && !hooks.some((h) => h.afterWrite)) return saved.record;
    return (await repo.findByKey(model, ctx, saved.key)) ?? {};
  }

  /** Whether the caller may add records of the model (imports ask before they start). */
  async checkAdd(model: EntityModel, ctx: RequestContext): Promise<void> {
    await this.deps.policy.checkAction({ model, endpoint: model.endpoints.submit, ctx, action: 'add' });
  }

  /**
   * One imported row as a new record with exactly the rules of submit (defaults, the form's
   * validator, write hooks, tree and uniqueness checks), inside `repo`'s transaction.
   * Throws the AppError submit would answer.
   */
  async insertIn(repo: Repository, model: EntityModel, ctx: RequestContext, sent: EntityRecord): Promise<void> {
    const values = writableValues(model, sent);
    this.applyDefaults(model, values);
    this.deps.validator.check(model, values, { isInsert: true, confirmations: confirmationValues(model, sent) });
    await this.save(repo, model, ctx, { values, isInsert: true });
  }

  /** key → label of each dictionary field (an import reads labels back to keys). */
  dictionaries(model: EntityModel, ctx: RequestContext): Promise<Map<string, ReadonlyMap<string, string>>> {
    return this.deps.labels ? this.deps.labels.dictionaries(model, ctx) : Promise.resolve(new Map());
  }

  async remove(model: EntityModel, ctx: RequestContext, rawIds: unknown): Promise<number> {
    const ids = sentKeys(rawIds, 'ids');
    if (ids.length === 0) throw badRequest('common.idsInvalid');
    if (model.generatedId && !ids.every(isId)) throw invalidParam('ids');
    const scope = await this.allow(model, ctx, 'delete', model.endpoints.remove);
    const hooks = this.deps.hooks.for(model.key);
    // A tree's child check reads before the write: with it, as with a hook, one transaction.
    const severalWrites = model.tree !== undefined || hooks.some((h) => h.beforeRemove || h.afterRemove);
    if (!severalWrites && !model.datasource) {
      // One statement: it removes the rows only if every one is live and in the caller's data scope.
      const removed = await this.deps.repo.remove(model, ctx, ids, { scope });
      if (removed === 0) throw notFound();
      return removed;
    }
    const visible = await this.deps.repo.count(model, ctx, [{ field: keyFieldOf(model), op: 'in', value: ids }], scope);
    if (visible !== ids.length) throw notFound();
    return this.inOneUnit(severalWrites, async (repo) => {
      const event = { model, ctx, repo, keys: ids };
      for (const h of hooks) await h.beforeRemove?.(event);
      if (model.tree && (await repo.countChildren(model, ctx, ids)) > 0) {
        throw new AppError('tree.hasChildren', undefined, 400, { code: ErrorCodes.HAS_CHILDREN });
      }
      const removed = await repo.remove(model, ctx, ids);
      if (removed === 0) throw notFound();
      for (const h of hooks) await h.afterRemove?.(event);
      return removed;
    });
  }

  /**
   * Runs a write in a transaction when `severalWrites` (a hook may write more, or a check
   * must see the write's own state); otherwise its one statement commits alone, which saves
   * the BEGIN and COMMIT round trips.
   */
  private inOneUnit<T>(severalWrites: boolean, run: (repo: Repository) => Promise<T>): Promise<T> {
    return severalWrites ? this.deps.repo.transaction(run) : run(this.deps.repo);
  }

  private applyDefaults(model: EntityModel, values: EntityRecord): void {
    for (const field of model.fields) {
      if (!field.readOnly && field.defaultValue !== undefined && isEmpty(values[field.name])) values[field.name] = field.defaultValue;
    }
    if (model.tree && isEmpty(values[model.tree.parentField])) values[model.tree.parentField] = model.tree.root;
  }

  private async checkTree(repo: Repository, model: EntityModel, ctx: RequestContext, values: EntityRecord, key?: string): Promise<void> {
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

  private async checkUnique(repo: Repository, model: EntityModel, ctx: RequestContext, merged: EntityRecord, exceptKey?: string): Promise<void> {
    for (const unique of model.unique) {
      if (unique.fields.some((f) => isEmpty(merged[f]))) continue;
      const conditions: Condition[] = unique.fields.map((name) => ({
        field: fieldOf(model, name)!,
        op: 'equal',
        value: merged[name],
      }));
      if (await repo.exists(model, ctx, conditions, exceptKey)) {
        throw new AppError(unique.message, undefined, 400, { code: ErrorCodes.DUPLICATE_KEY });
      }
    }
  }

  private async write(repo: Repository, model: EntityModel, ctx: RequestContext, values: EntityRecord, updateKey?: string): Promise<{ key: string; record?: EntityRecord }> {
    try {
      if (updateKey === undefined) return await repo.insertReturning(model, ctx, values);
      const updated = await repo.updateReturning(model, ctx, updateKey, values);
      if (!updated) throw notFound();
      return { key: updateKey, record: updated.record };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(uniqueKeyViolated(model, error as { constraint?: string })?.message ?? 'common.duplicate', undefined, 400, { code: ErrorCodes.DUPLICATE_KEY });
      throw error;
    }
  }
}

/**
 * The unique key whose index a unique violation names (the first key when the database names
 * none); none for another index (a primary key, or one the engine did not make).
 */
function uniqueKeyViolated(model: EntityModel, error: { constraint?: string }): EntityModel['unique'][number] | undefined {
  return model.unique.find((key) => uniqueIndexName(model, key) === error.constraint) ?? (error.constraint ? undefined : model.unique[0]);
}

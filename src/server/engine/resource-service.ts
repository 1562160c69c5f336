import type { ActionModel, EndpointModel, EntityModel, FilterOp, FixedCondition } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import { badRequest, notFound } from '../../shared/errors.js';
import { isEmpty } from '../../shared/is-empty.js';
import { CallerRows } from './caller-rows.js';
import type { Condition } from './conditions.js';
import { invalidParam, isIdText, singleText } from './input-rules.js';
import { idList, isId, sentKeys, storedIds } from './ids.js';
import { inTreeTenant, treeTenant } from './tenant-tree.js';
import { confirmationValues, storedValues, writableValues } from './field-transforms.js';
import { keepStoredSecrets, maskSecrets } from './secret-fields.js';
import { lazyList, type ChildrenRead } from './lazy-list.js';
import { treeFilterConditions } from './tree-filter.js';
import { parseOrder, parsePaging } from './list-reader/paging.js';
import { endpointConditions, searchConditions } from './query-filters.js';
import type { EntityRecord } from './record-codec.js';
import type { RecordValidator } from './record-validator.js';
import { RecordWriter, type CheckedWrite } from './record-writer.js';
import type { ListReader } from './list-reader/list-reader.js';
import type { Page } from './list-reader/read-query.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';
import { intersectScopes, type AccessPolicy, type AccessAction, type RowScope } from './access-policy.js';
import type { HookRegistry } from './resource-hooks.js';
import { bareForest, buildForest, findNode, toTreeNode, type TreeNode } from './tree-nodes.js';
import type { ViewLabels } from './view-labels.js';
import { readLinkedKeys, type KeyLists } from './linked-keys.js';
import { forestsOf } from './forests.js';
import { andThen, type MaybePromise } from '../../shared/maybe-promise.js';

type Query = Record<string, unknown>;

/** Only the endpoint's `fields` of each record (and its key), when it names them. */
function answeredFields(model: EntityModel, endpoint: EndpointModel, records: EntityRecord[]): EntityRecord[] {
  const fields = endpoint.kind === 'submit' ? undefined : endpoint.fields;
  if (!fields) return records;
  const names = fields.includes(model.primaryKey) ? fields : [model.primaryKey, ...fields];
  return records.map((record) => Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]])));
}

/** One read of an endpoint by a caller. */
type EndpointRead = { model: EntityModel; endpoint: EndpointModel; ctx: RequestContext; query: Query };

/** The standard operations of every entity, free of HTTP. */
export class ResourceService {
  private readonly writer: RecordWriter;

  constructor(private readonly deps: {
    repo: Repository; reader: ListReader; validator: RecordValidator; policy: AccessPolicy; hooks: HookRegistry; labels?: ViewLabels;
    /** The served models, for side trees (the tree's and the link's entities); without it no endpoint filters by one. */
    models?: () => readonly EntityModel[];
  }) {
    this.writer = new RecordWriter({ validator: deps.validator, hooks: deps.hooks });
  }

  /**
   * The rows `ctx` may reach (its tenant, its data scope), for module code acting for that
   * caller; `within`: bound to that transaction (a hook's, an action's).
   */
  rowsOf(ctx: RequestContext, within?: Repository): CallerRows {
    return new CallerRows({ repo: within ?? this.deps.repo, scopeOf: (model, c) => this.scopeOf(model, c), writes: this, within }, ctx);
  }

  /** A served model named by another's schema (normalization checked it exists). */
  private modelOf(key: string): EntityModel {
    const model = this.deps.models?.().find((m) => m.key === key);
    if (!model) throw new Error(`no model ${key}`);
    return model;
  }

  /** Records as the API answers them: with BladeX's `xxxName` labels. */
  private labelled({ model, ctx, records, scope }: { model: EntityModel; ctx: RequestContext; records: EntityRecord[]; scope: RowScope }): MaybePromise<EntityRecord[]> {
    return this.deps.labels ? this.deps.labels.apply({ model, ctx, records, scope }) : records;
  }

  private conditions({ model, endpoint, query, ctx }: EndpointRead): Condition[] {
    return [...endpointConditions({ model, endpoint, query, ctx }), ...searchConditions(model, endpoint, query)];
  }

  /**
   * The side tree's pick in `query` as fixed predicates of `endpoint` (none without a pick):
   * for module code that reads the list by other means (a user export job).
   */
  async treeFilterWhere({ model, endpoint, ctx, query }: EndpointRead): Promise<FixedCondition[]> {
    if (!endpoint.treeFilter || !this.deps.models) return [];
    const conditions = await treeFilterConditions({ repo: this.deps.repo, models: this.deps.models }, { model, endpoint, ctx, query });
    // `in` is a server-side operator the authored format does not offer (FixedCondition takes URL operators).
    return conditions.map((c) => ({ field: c.field.name, op: c.op as FilterOp, value: c.value }));
  }

  /** `conditions` plus the side tree's pick (`x-list.sideTree`) on the endpoint that has one. */
  private async listConditions({ model, endpoint, ctx, query }: EndpointRead): Promise<Condition[]> {
    const filter = endpoint.treeFilter;
    if (!filter || !this.deps.models) return this.conditions({ model, endpoint, query, ctx });
    // The pick is the tree's, not a plain filter on the field of the same name.
    const { [filter.param]: _picked, ...rest } = query;
    const picked = await treeFilterConditions({ repo: this.deps.repo, models: this.deps.models }, { model, endpoint, ctx, query });
    return [...this.conditions({ model, endpoint, query: rest, ctx }), ...picked];
  }

  /** Checks the action and answers the caller's data scope on the entity. */
  private allow({ model, ctx, action, endpoint }: { model: EntityModel; ctx: RequestContext; action: AccessAction; endpoint?: EndpointModel }): MaybePromise<RowScope> {
    return andThen(this.deps.policy.checkAction({ model, endpoint, ctx, action }), () => this.scopeOf(model, ctx));
  }

  /** The policy's scope narrowed by every module's read scope for the entity (at once when neither reads anything). */
  scopeOf(model: EntityModel, ctx: RequestContext): MaybePromise<RowScope> {
    const narrowing = this.deps.hooks.narrowing(model.key);
    const base = this.deps.policy.rowScope({ model, ctx });
    if (narrowing.length === 0) return base;
    return (async () => {
      let scope = await base;
      for (const hooks of narrowing) scope = intersectScopes(scope, await hooks.readScope!({ model, ctx }));
      return scope;
    })();
  }

  async page({ model, endpoint, ctx, query }: EndpointRead): Promise<Page<EntityRecord>> {
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const page = await this.deps.reader.page({
      model,
      ctx,
      conditions: await this.listConditions({ model, endpoint, ctx, query }),
      paging: parsePaging(model, query),
      order: parseOrder(model, query, endpoint.sort),
      scope,
    });
    const records = await this.viewed({ model, endpoint, ctx, records: await this.labelled({ model, ctx, records: page.records, scope }) });
    return { ...page, records: answeredFields(model, endpoint, records) };
  }

  /** The entity's `viewRecords` hooks on an endpoint that asks for them (`viewHooks`). */
  private async viewed({ model, endpoint, ctx, records }: { model: EntityModel; endpoint: EndpointModel; ctx: RequestContext; records: EntityRecord[] }): Promise<EntityRecord[]> {
    if (!endpoint.viewHooks) return records;
    let out = records;
    for (const hooks of this.deps.hooks.for(model.key)) if (hooks.viewRecords) out = await hooks.viewRecords({ model, ctx, endpoint, records: out });
    return out;
  }

  /**
   * The rows `page` would answer over all pages (same filters, order, scope and labels),
   * handed over `size` at a time as a cursor reads them: exports of any size.
   */
  async forEachBatch({ model, endpoint, ctx, query, size, onBatch }: EndpointRead & { size: number; onBatch: (records: EntityRecord[]) => Promise<void> }): Promise<void> {
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const read = { model, ctx, conditions: await this.listConditions({ model, endpoint, ctx, query }), order: parseOrder(model, query, endpoint.sort), scope };
    await this.deps.reader.forEachBatch({ read, size, onBatch: async (records) => onBatch(await this.labelled({ model, ctx, records, scope })) });
  }

  async list({ model, endpoint, ctx, query }: EndpointRead): Promise<EntityRecord[]> {
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const records = await this.deps.reader.list({ model, ctx, conditions: await this.listConditions({ model, endpoint, ctx, query }), order: parseOrder(model, query, endpoint.sort), scope });
    const viewed = await this.viewed({ model, endpoint, ctx, records: endpoint.labels === false ? records : await this.labelled({ model, ctx, records, scope }) });
    return answeredFields(model, endpoint, viewed);
  }

  async tree({ model, endpoint, ctx, query }: EndpointRead): Promise<TreeNode[]> {
    return (endpoint.nodes ? bareForest : buildForest)(model, await this.list({ model, endpoint, ctx, query }));
  }

  /** `forests`: the endpoint's rows (its where, view hooks) as forests of bare nodes, some with another entity's rows as leaves. */
  async forests({ model, endpoint, ctx, query }: EndpointRead): Promise<Record<string, TreeNode[]>> {
    const records = await this.list({ model, endpoint, ctx, query });
    return forestsOf({ model, endpoint, records, repo: this.deps.repo, ctx, modelOf: (key) => this.modelOf(key) });
  }

  /** The descendants of the node named by the endpoint's parent parameter. */
  async subtree({ model, endpoint, ctx, query }: EndpointRead): Promise<TreeNode[]> {
    const [paramName, param] = Object.entries(endpoint.params)[0] ?? [];
    const parent = paramName ? String(query[paramName] ?? param?.default ?? '') : '';
    if (!parent) throw badRequest('request.paramMissing', { name: paramName ?? 'parentId' });
    const rest = { ...query };
    if (paramName) delete rest[paramName];
    const withoutParam: EndpointModel = { ...endpoint, params: {} };
    const forest = buildForest(model, await this.list({ model, endpoint: withoutParam, ctx, query: rest }));
    return findNode(forest, parent)?.children ?? [];
  }

  async lazyTree({ model, endpoint, ctx, query }: EndpointRead): Promise<TreeNode[]> {
    const tree = model.tree!;
    const parentField = fieldOf(model, tree.parentField)!;
    const hasParentParam = Object.values(endpoint.params).some((p) => p.field === tree.parentField);
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const conditions = this.conditions({ model, endpoint, query, ctx });
    const named = hasParentParam && conditions.some((c) => c.field === parentField);
    if (!named) conditions.push({ field: parentField, op: 'equal', value: tree.lazyRoot });
    const rows = await this.deps.reader.children({ model, ctx, conditions, order: parseOrder(model, query), scope });
    const labelled = await this.labelled({ model, ctx, records: rows, scope });
    return rows.map((r, i) => ({ ...toTreeNode(model, labelled[i]), hasChildren: r.hasChildren }));
  }

  /** BladeX `lazy-list` (see lazy-list.ts): read through `list`, so the access policy applies. */
  lazyList({ model, endpoint, ctx, query }: EndpointRead): Promise<TreeNode[]> {
    const source = { list: (read: EndpointRead) => this.list(read), parentsWithChildren: (read: ChildrenRead) => this.deps.reader.parentsWithChildren(read) };
    return lazyList(source, { model, ctx, query, where: endpoint.where, action: endpoint.action });
  }

  /** The whole tree of the caller's tenant, or (platform administrator) of the tenant in `tenantId`: role and department pickers. */
  tenantTree({ model, endpoint, ctx, query }: EndpointRead): Promise<TreeNode[]> {
    const rows = inTreeTenant(ctx, treeTenant(ctx, query.tenantId), (c) => this.list({ model, endpoint: { ...endpoint, kind: 'list' }, ctx: c, query: {} }));
    return rows.then((records) => buildForest(model, records));
  }

  /**
   * A `linked` select: the rows named by its parameter or, given the other entity's key, by
   * that row's field; both read as the caller reaches them, without view labels.
   */
  async linkedSelect({ model, endpoint, ctx, query }: EndpointRead): Promise<EntityRecord[]> {
    const linked = endpoint.linked!;
    await this.deps.policy.checkAction({ model, endpoint, ctx, action: 'read' });
    const rows = this.rowsOf(ctx);
    const by = idList(query[linked.by], linked.by)[0];
    let keys = idList(query[linked.param], linked.param);
    if (by) keys = storedIds((await rows.find(this.modelOf(linked.entity), by))?.[linked.field]);
    return rows.whereIn(model, keys);
  }

  /**
   * `linked-keys`: the keys linked to the owner rows the query names (those the caller
   * reaches), completed by the entity's `viewKeys` hooks when the endpoint has `viewHooks`.
   */
  async linkedKeys({ model, endpoint, ctx, query }: EndpointRead): Promise<KeyLists> {
    const { owners, keys } = await readLinkedKeys({ links: endpoint.linkedKeys!, query, rows: this.rowsOf(ctx), repo: this.deps.repo, ctx, modelOf: (key) => this.modelOf(key) });
    if (!endpoint.viewHooks) return keys;
    let out = keys;
    for (const hooks of this.deps.hooks.for(model.key)) if (hooks.viewKeys) out = await hooks.viewKeys({ model, ctx, endpoint, owners, keys: out });
    return out;
  }

  /**
   * `lookup`: the first row whose fields match the endpoint's parameters (every one given,
   * trimmed; a blank one answers {}), as `answer` names its fields; {} when there is none.
   */
  async lookup({ model, endpoint, ctx, query }: EndpointRead): Promise<Record<string, string>> {
    const given: Query = {};
    for (const name of Object.keys(endpoint.params)) {
      const raw = query[name];
      const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
      if (!value) return {};
      given[name] = value;
    }
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const [row] = await this.deps.repo.list(model, ctx, { conditions: endpointConditions({ model, endpoint, query: given, ctx }), order: [], scope });
    if (!row) return {};
    return Object.fromEntries(Object.entries(endpoint.answer!).map(([name, field]) => [name, isEmpty(row[field]) ? '' : String(row[field])]));
  }

  /** Checks a module registered for one endpoint (`guard`), run before the engine reads anything. */
  private readonly guards = new Map<string, Map<string, (ctx: RequestContext) => void>>();

  /** Registers a module's refusal for `<modelKey>`'s endpoint `action` (its own 403 text), checked before the endpoint's work. */
  guard(at: { entity: string; endpoint: string }, check: (ctx: RequestContext) => void): void {
    const byAction = this.guards.get(at.entity) ?? new Map<string, (ctx: RequestContext) => void>();
    this.guards.set(at.entity, byAction.set(at.endpoint, check));
  }

  guardOf(model: EntityModel, endpoint: EndpointModel): ((ctx: RequestContext) => void) | undefined {
    return this.guards.get(model.key)?.get(endpoint.action);
  }

  /**
   * `via` (BladeX tenant/package-detail): the row of another entity that this entity's row,
   * found by the parameter, names; `{}` when there is no such row or it names none.
   */
  async detailVia({ model, endpoint, ctx, query }: EndpointRead): Promise<EntityRecord> {
    const via = endpoint.via!;
    const raw = query[via.param];
    if (isEmpty(raw)) throw badRequest('request.paramMissing', { name: via.param });
    const scope = await this.allow({ model, ctx, action: 'read', endpoint: endpoint });
    const field = fieldOf(model, via.field)!;
    const [owner] = await this.deps.repo.list(model, ctx, { conditions: [{ field, op: 'equal', value: singleText(via.param, raw) }], order: [], scope });
    const key = owner?.[via.key];
    if (isEmpty(key)) return {};
    const target = this.modelOf(via.entity);
    const record = await this.deps.reader.byKey({ model: target, ctx, key: String(key), scope: undefined });
    if (!record) return {};
    const [labelled] = await this.labelled({ model: target, ctx, records: [record], scope: undefined });
    return maskSecrets(target, labelled);
  }

  /**
   * The caller's own row (`keyFrom`), as detail answers a row: no screen check and no data
   * scope, it is always theirs to see; the endpoint's view hooks complete it.
   */
  async ownRow({ model, endpoint, ctx }: Omit<EndpointRead, 'query'>): Promise<EntityRecord> {
    const record = await this.deps.reader.byKey({ model, ctx, key: ctx.userId, scope: undefined });
    if (!record) throw notFound();
    const [labelled] = await this.labelled({ model, ctx, records: [record], scope: undefined });
    const [viewed] = await this.viewed({ model, endpoint, ctx, records: [maskSecrets(model, labelled)] });
    return viewed;
  }

  /**
   * The caller's own row changed (`keyFrom` submit): only the endpoint's `fields` of the body,
   * by the one write path (the rules of the fields sent, write hooks, field transforms); the
   * data scope does not apply, the row is theirs. A body that is no object changes nothing.
   */
  async updateOwn({ model, endpoint, ctx, body }: Omit<EndpointRead, 'query'> & { body: unknown }): Promise<void> {
    const sent = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as EntityRecord) : {};
    const values: EntityRecord = {};
    for (const name of endpoint.fields ?? Object.keys(writableValues(model, sent))) if (name in sent) values[name] = sent[name];
    await this.within({ repo: undefined, severalWrites: this.writer.hasWriteHooks(model) }, async (repo) => {
      const existing = await repo.findByKey(model, ctx, ctx.userId, true);
      if (!existing) throw notFound();
      await this.writer.update({ repo, model, ctx }, { key: ctx.userId, values, existing });
    });
  }

  /** The most frequent call of the API: no promise beyond the read's own while the caller's checks are cached. */
  detail({ model, ctx, query, endpoint }: Omit<EndpointRead, 'endpoint'> & { endpoint?: EndpointModel }): Promise<EntityRecord> {
    try {
      const raw = query[model.primaryKey] ?? query.id;
      if (isEmpty(raw)) throw badRequest('request.paramMissing', { name: model.primaryKey });
      const key = singleText(model.primaryKey, raw);
      if (model.generatedId && !isIdText(key)) throw invalidParam(model.primaryKey);
      const record = andThen(this.allow({ model, ctx, action: 'read' }), (scope) => this.deps.reader.byKey({ model, ctx, key, scope }).then((found) => {
        if (!found) throw notFound();
        return andThen(this.labelled({ model, ctx, records: [found], scope }), ([labelled]) => maskSecrets(model, labelled));
      }));
      if (!endpoint?.viewHooks) return Promise.resolve(record);
      return Promise.resolve(record).then(async (one) => (await this.viewed({ model, endpoint, ctx, records: [one] }))[0]);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A client's record saved (a new one, or an update of the record with its key). Fields the
   * server manages (readOnly, the audit columns) are taken from `serverValues` only, which a
   * module sets for its own reasons (a guest registers pending approval), never from `body`.
   */
  async submit({ model, ctx, body, serverValues }: { model: EntityModel; ctx: RequestContext; body: unknown; serverValues?: EntityRecord }): Promise<EntityRecord> {
    const prepared = await this.prepareSubmit({ reader: this.deps.repo, model, ctx, body, serverValues });
    // Without write hooks the save is reads and one statement.
    return this.inOneUnit(this.writer.hasWriteHooks(model), (repo) => this.writer.save({ repo, model, ctx }, prepared));
  }

  /**
   * One imported row saved exactly as submit saves it (a new record, or an update of the
   * record with its key), inside `repo`'s transaction. Throws the AppError submit would answer.
   */
  async submitIn({ repo, model, ctx, body }: { repo: Repository; model: EntityModel; ctx: RequestContext; body: EntityRecord }): Promise<void> {
    await this.writer.save({ repo, model, ctx }, await this.prepareSubmit({ reader: repo, model, ctx, body }));
  }

  /** Submit's checks before the write: the key, the caller's action (add or edit), defaults and the form's validator. */
  private async prepareSubmit({ reader, model, ctx, body, serverValues }: { reader: Repository; model: EntityModel; ctx: RequestContext; body: unknown; serverValues?: EntityRecord }): Promise<CheckedWrite> {
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
    if (isInsert) this.writer.applyDefaults(model, values);
    const write: CheckedWrite = { values, isInsert, existing, key };
    this.writer.check(model, { ...write, confirmations: confirmationValues(model, sent) });
    return write;
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
  async insertIn({ repo, model, ctx, values: sent }: { repo: Repository; model: EntityModel; ctx: RequestContext; values: EntityRecord }): Promise<void> {
    const values = writableValues(model, sent);
    this.writer.applyDefaults(model, values);
    const write: CheckedWrite = { values, isInsert: true };
    this.writer.check(model, { ...write, confirmations: confirmationValues(model, sent) });
    await this.writer.save({ repo, model, ctx }, write);
  }

  /**
   * A new row written for module code, an action or a hook file acting for `ctx`, by the one
   * write path (defaults, the form's validator, write hooks, tree and uniqueness checks,
   * field transforms). `within`: the transaction it belongs to (else one of its own when the
   * entity has write hooks); `action`: the x-actions entry doing it, which the hooks see. The
   * caller's buttons are the route's or the action's to check.
   */
  create(opts: { model: EntityModel; ctx: RequestContext; values: EntityRecord; action?: ActionModel; within?: Repository }): Promise<EntityRecord> {
    const { model, ctx, action } = opts;
    return this.within({ repo: opts.within, severalWrites: this.writer.hasWriteHooks(model) }, (repo) => this.writer.create({ repo, model, ctx }, { values: { ...opts.values }, action }));
  }

  /**
   * Fields of a row the caller reaches (tenant, data scope) changed by the one write path:
   * the form's rules on the fields given, the entity's write hooks (which see `action`), the
   * tree and uniqueness checks and field transforms. A row out of reach is a 404.
   */
  update(opts: { model: EntityModel; ctx: RequestContext; key: string; values: EntityRecord; action?: ActionModel; within?: Repository }): Promise<EntityRecord> {
    const { model, ctx, key, action } = opts;
    return this.within({ repo: opts.within, severalWrites: this.writer.hasWriteHooks(model) }, async (repo) => {
      const existing = await repo.findByKey(model, ctx, key, true, await this.scopeOf(model, ctx));
      if (!existing) throw notFound();
      return this.writer.update({ repo, model, ctx }, { key, values: { ...opts.values }, existing, action });
    });
  }

  /** Rows the caller reaches removed by the one write path (remove hooks, the tree's child check); a key out of reach is a 404 and nothing goes. */
  removeRows(opts: { model: EntityModel; ctx: RequestContext; keys: string[]; within?: Repository }): Promise<number> {
    const { model, ctx, keys } = opts;
    if (keys.length === 0) return Promise.resolve(0);
    return this.within({ repo: opts.within, severalWrites: true }, async (repo) => {
      const visible = await repo.count(model, ctx, [{ field: keyFieldOf(model), op: 'in', value: keys }], await this.scopeOf(model, ctx));
      if (visible !== new Set(keys).size) throw notFound();
      return this.writer.remove({ repo, model, ctx }, keys);
    });
  }

  /** key → label of each dictionary field (an import reads labels back to keys). */
  dictionaries(model: EntityModel, ctx: RequestContext): Promise<Map<string, ReadonlyMap<string, string>>> {
    return this.deps.labels ? this.deps.labels.dictionaries(model, ctx) : Promise.resolve(new Map());
  }

  async remove({ model, ctx, ids: rawIds }: { model: EntityModel; ctx: RequestContext; ids: unknown }): Promise<number> {
    const ids = sentKeys(rawIds, 'ids');
    if (ids.length === 0) throw badRequest('common.idsInvalid');
    if (model.generatedId && !ids.every(isId)) throw invalidParam('ids');
    const scope = await this.allow({ model, ctx, action: 'delete', endpoint: model.endpoints.remove });
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
    return this.inOneUnit(severalWrites, (repo) => this.writer.remove({ repo, model, ctx }, ids));
  }

  /** Inside the transaction `repo` belongs to when given; else as `inOneUnit`. */
  private within<T>(unit: { repo?: Repository; severalWrites: boolean }, run: (repo: Repository) => Promise<T>): Promise<T> {
    return unit.repo ? run(unit.repo) : this.inOneUnit(unit.severalWrites, run);
  }

  /**
   * Runs a write in a transaction when `severalWrites` (a hook may write more, or a check
   * must see the write's own state); otherwise its one statement commits alone, which saves
   * the BEGIN and COMMIT round trips.
   */
  private inOneUnit<T>(severalWrites: boolean, run: (repo: Repository) => Promise<T>): Promise<T> {
    return severalWrites ? this.deps.repo.transaction(run) : run(this.deps.repo);
  }
}

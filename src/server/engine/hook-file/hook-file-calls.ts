import type { ActionModel, EntityModel } from '../../../shared/schema/entity-model.js';
import type { ActionHandler } from '../action-hooks.js';
import type { Condition } from '../conditions.js';
import type { Repository } from '../repository.js';
import type { RequestContext } from '../request-context.js';
import type { ResourceHooks } from '../resource-hooks.js';
import type { ResourceService } from '../resource-service.js';
import { defaultOrder, requiredField } from '../rows.js';
import { maskSecrets } from '../secret-fields.js';
import type { Caller, EntityHookFile, EntityHooks, HookCall, Row, Rows, Where } from './hook-file-api.js';

type ActionFunction = NonNullable<EntityHookFile['actions']>[string];

/** What the facade is built on: the engine's one write path and reads, and the models by key. */
export interface HookFileServices {
  resources: ResourceService;
  modelOf(key: string): EntityModel;
}

function callerOf(ctx: RequestContext): Caller {
  return Object.freeze({ tenantId: ctx.tenantId, userId: ctx.userId, deptId: ctx.deptId, lang: ctx.lang, account: ctx.account, roleAliases: [...(ctx.roleAliases ?? [])] });
}

function conditionsOf(model: EntityModel, where: Where = {}): Condition[] {
  return Object.entries(where).map(([name, value]) => ({ field: requiredField(model, name), op: Array.isArray(value) ? 'in' : 'equal', value }));
}

/** One entity's rows for the caller, inside the transaction `repo` belongs to; writes by ResourceService's one path. */
function rowsFacade(services: HookFileServices, opts: HookTarget): Rows {
  const { model, ctx, repo, action } = opts;
  const { resources } = services;
  const caller = resources.rowsOf(ctx, repo);
  const shown = (row: Row) => maskSecrets(model, row);
  return {
    find: async (key) => {
      const row = await caller.find(model, key);
      return row && shown(row);
    },
    list: async (where) => (await caller.list(model, conditionsOf(model, where), defaultOrder(model))).map(shown),
    count: (where) => caller.count(model, conditionsOf(model, where)),
    create: async (values) => shown(await resources.create({ model, ctx, values, action, within: repo })),
    update: async (key, values) => shown(await resources.update({ model, ctx, key, values, action, within: repo })),
    remove: (keys) => resources.removeRows({ model, ctx, keys: [...keys], within: repo }),
  };
}

/** The entity, the caller, the write's transaction; `action`: the hook action whose writes of the entity's own rows these are. */
interface HookTarget {
  model: EntityModel;
  ctx: RequestContext;
  repo: Repository;
  action?: ActionModel;
}

function hookCall(services: HookFileServices, opts: HookTarget): HookCall {
  const { model, ctx, repo } = opts;
  return {
    entity: model.key,
    caller: callerOf(ctx),
    rows: rowsFacade(services, opts),
    rowsOf: (entity) => rowsFacade(services, { model: services.modelOf(entity), ctx, repo }),
  };
}

/** A hook file's action handler as the engine calls it. */
export function actionHandlerOf(services: HookFileServices, handler: ActionFunction): ActionHandler {
  return ({ model, action, ctx, repo, keys, params, tell }) => handler({ ...hookCall(services, { model, ctx, repo, action }), action: action.key, keys, params, tell });
}

/** A hook file's write/remove hooks as the engine calls them; `values` is the write's own object, so changes in beforeWrite are stored. */
export function resourceHooksOf(services: HookFileServices, hooks: EntityHooks): ResourceHooks {
  const out: ResourceHooks = {};
  const write = (fn: NonNullable<EntityHooks['beforeWrite']>) => async (event: Parameters<NonNullable<ResourceHooks['beforeWrite']>>[0]) => {
    const call = hookCall(services, event);
    const existing = event.existing && maskSecrets(event.model, event.existing);
    await fn(Object.assign(call, { values: event.values, isInsert: event.isInsert, existing, key: event.key, action: event.action?.key }));
  };
  if (hooks.beforeWrite) out.beforeWrite = write(hooks.beforeWrite);
  if (hooks.afterWrite) out.afterWrite = write(hooks.afterWrite as NonNullable<EntityHooks['beforeWrite']>);
  const remove = (fn: NonNullable<EntityHooks['beforeRemove']>) => (event: Parameters<NonNullable<ResourceHooks['beforeRemove']>>[0]) => fn({ ...hookCall(services, event), keys: event.keys });
  if (hooks.beforeRemove) out.beforeRemove = remove(hooks.beforeRemove);
  if (hooks.afterRemove) out.afterRemove = remove(hooks.afterRemove);
  return out;
}

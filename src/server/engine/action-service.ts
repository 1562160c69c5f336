import type { ActionModel, EntityModel } from '../../shared/schema/entity-model.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import { keyFieldOf } from '../../shared/schema/entity-model.js';
import { badRequest, forbidden, notFound } from '../../shared/errors.js';
import type { Translatable } from '../../shared/i18n/translate.js';
import type { AccessPolicy } from './access-policy.js';
import { switchOthersOff } from './active-row.js';
import { ActionFormReader } from './action-form.js';
import { ActionRegistry, type ActionAt, type ActionGuard, type ActionHandler, type PreparedActionHook } from './action-hooks.js';
import { storedValues } from './field-transforms.js';
import { invalidParam } from './input-rules.js';
import { isId, sentKeys } from './ids.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import { holdsOneRole, type RequestContext } from './request-context.js';
import type { ResourceService } from './resource-service.js';
import type { ParamReader } from './system-params.js';

type Params = Record<string, unknown>;

/**
 * Runs an entity's `x-actions` entry: the keys from its parameter, the button check, the
 * target rows inside the caller's tenant and data scope (else 404, as remove), then the
 * work in one transaction (set/activate/reset write by ResourceService's one write path: the
 * form's rules, write hooks, which see the action, uniqueness, field transforms; list totals
 * drop after commit).
 */
export class ActionService {
  private readonly registry = new ActionRegistry();
  private readonly forms = new ActionFormReader();

  constructor(private readonly deps: { repo: Repository; policy: AccessPolicy; resources: ResourceService; readParam: ParamReader }) {}

  /** Registers the module's function (or prepare-and-run pair) for a `run: {kind: "hook"}` action. */
  on<T>(at: ActionAt, handler: ActionHandler | PreparedActionHook<T>): void {
    this.registry.on(at, handler);
  }

  /** Registers a module's check that runs before the engine's own (ActionGuard). */
  guard(at: ActionAt, guard: ActionGuard): void {
    this.registry.guard(at, guard);
  }

  hasHook(modelKey: string, actionKey: string): boolean {
    return this.registry.for(modelKey, actionKey) !== undefined;
  }

  /** `notes` collects what a hook tells the caller (`event.tell`). */
  async run({ model, action, ctx, params, notes = [] }: { model: EntityModel; action: ActionModel; ctx: RequestContext; params: Params; notes?: Translatable[] }): Promise<unknown> {
    this.registry.guardOf(model.key, action.key)?.(ctx);
    if (!holdsOneRole(ctx, action.roles)) throw forbidden('authority.forbidden');
    const keys = this.keysOf({ model, action, params });
    if (!action.rolesSuffice) await this.deps.policy.checkAction({ model, endpoint: model.endpoints.submit, ctx, action: 'edit', buttons: [action.permission, ...action.alsoGrantedBy] });
    const form = action.form ? this.forms.valuesOf(action.form, params) : {};
    const scope = await this.deps.resources.scopeOf(model, ctx);
    const keyField = action.keyField === model.primaryKey ? keyFieldOf(model) : fieldOf(model, action.keyField)!;
    const shownFor = Object.entries(action.showWhen ?? {}).map(([name, value]) => ({ field: fieldOf(model, name)!, op: 'equal' as const, value }));
    if (action.rows !== 'none' && (await this.deps.repo.count(model, ctx, [{ field: keyField, op: 'in', value: keys }, ...shownFor], scope)) !== keys.length) throw notFound();
    const hook = action.run.kind === 'hook' ? this.registry.for(model.key, action.key) : undefined;
    if (action.run.kind === 'hook' && !hook) throw new Error(`no hook for action ${model.key}#${action.key}`);
    const event = { model, action, ctx, keys, params, form, tell: (note: Translatable) => void notes.push(note) };
    // Read outside the transaction, before it holds a connection.
    const prepared = await hook?.prepare?.({ model, action, ctx, keys, params, form });
    if (action.run.kind === 'hook' && action.run.transaction === false) return hook!.run({ ...event, repo: this.deps.repo, rows: this.deps.resources.rowsOf(ctx) }, prepared);
    return this.deps.repo.transaction(async (repo) => {
      const run = action.run;
      if (run.kind === 'hook') return hook!.run({ ...event, repo, rows: this.deps.resources.rowsOf(ctx, repo) }, prepared);
      if (run.kind === 'route' || run.kind === 'open' || run.kind === 'link' || run.kind === 'none') throw new Error(`action ${model.key}#${action.key} has no engine route (run kind ${run.kind})`);
      if (run.kind === 'activate') await switchOthersOff(repo, model, ctx, { field: run.field, on: run.on, off: run.off, keep: keys[0] });
      const values = { ...(await this.valuesOf(repo, run)), ...form };
      // Each row by the one write path: the form's rules, write hooks that see the action, uniqueness, field transforms.
      for (const key of keys) await this.deps.resources.update({ model, ctx, key, values: { ...values }, action, within: repo });
      return {};
    });
  }

  private keysOf({ model, action, params }: { model: EntityModel; action: ActionModel; params: Params }): string[] {
    if (action.rows === 'none') return [];
    const keys = sentKeys(params[action.param], action.param);
    if (keys.length === 0) throw badRequest('request.paramMissing', { name: action.param });
    if (action.rows === 'one' && !action.severalKeys && keys.length !== 1) throw invalidParam(action.param);
    if (model.generatedId && action.keyField === model.primaryKey && !keys.every(isId)) throw invalidParam(action.param);
    return keys;
  }

  private async valuesOf(repo: Repository, run: Exclude<ActionModel['run'], { kind: 'hook' | 'route' | 'open' | 'link' | 'none' }>): Promise<EntityRecord> {
    if (run.kind === 'set') return run.values;
    if (run.kind === 'activate') return { [run.field]: run.on };
    return { [run.field]: (await this.deps.readParam(repo, run.paramKey)) ?? run.default };
  }
}

import type { Translatable } from '../../shared/i18n/translate.js';
import type { ActionModel, EntityModel } from '../../shared/schema/entity-model.js';
import type { CallerRows } from './caller-rows.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';

/** What an `x-actions` hook is given: the target rows were checked (button, tenant, data scope). */
export interface ActionEvent {
  model: EntityModel;
  action: ActionModel;
  ctx: RequestContext;
  /** Bound to the action's transaction (none with `run.transaction: false`): the engine's raw rows (no validation, no hooks). */
  repo: Repository;
  /** The caller's rows inside the action's transaction (if it has one); their writes take the one write path (rules, hooks, transforms). */
  rows: CallerRows;
  /** Keys of the target rows (one for `rows: "one"`, unless the action takes `severalKeys`). */
  keys: string[];
  /** The request's query and body parameters. */
  params: Record<string, unknown>;
  /** The action's `form` values, checked and coerced (action-form.ts); `{}` without a form. */
  form: Record<string, unknown>;
  /**
   * Something the person who pressed the button should know besides success (e.g. a
   * generated screen whose table has no soft delete): added to the answer's `msg`, which
   * the console shows.
   */
  tell(note: Translatable): void;
}

/** Does an action's work; what it answers becomes the envelope's `data`. */
export type ActionHandler = (event: ActionEvent) => Promise<unknown>;

/** What `prepare` is given: the checked request, outside the action's transaction. */
export type ActionRequest = Omit<ActionEvent, 'repo' | 'rows' | 'tell'>;

/**
 * A hook that reads before its transaction: `prepare` runs once the engine's checks have
 * passed and before the transaction opens (the module's lookups that read through their own
 * connection: embedded PGlite has one, which the transaction holds); `run` does the work
 * inside it with what `prepare` answered.
 */
export interface PreparedActionHook<T> {
  prepare(request: ActionRequest): Promise<T>;
  run(event: ActionEvent, prepared: T): Promise<unknown>;
}

/** A registered hook, as the engine calls it. */
interface RegisteredHook {
  prepare?(request: ActionRequest): Promise<unknown>;
  run(event: ActionEvent, prepared: unknown): Promise<unknown>;
}

/**
 * Runs before the engine's own checks of the action (keys, button, rows): a module's
 * refusal that must come first with its own message (the tenant settings: platform
 * administrator only, 403, as their routes always answered).
 */
export type ActionGuard = (ctx: RequestContext) => void;

/** Which entity's which `x-actions` entry a hook or guard is for. */
export interface ActionAt {
  entity: string;
  action: string;
}

/** Hooks of `run: {kind: "hook"}` actions, by entity key and action key. */
export class ActionRegistry {
  private readonly handlers = new Map<string, RegisteredHook>();
  private readonly guards = new Map<string, ActionGuard>();

  guard(at: ActionAt, guard: ActionGuard): void {
    this.guards.set(`${at.entity}#${at.action}`, guard);
  }

  guardOf(modelKey: string, actionKey: string): ActionGuard | undefined {
    return this.guards.get(`${modelKey}#${actionKey}`);
  }

  on<T>(at: ActionAt, handler: ActionHandler | PreparedActionHook<T>): void {
    const hook: RegisteredHook = typeof handler === 'function' ? { run: (event) => handler(event) } : (handler as RegisteredHook);
    this.handlers.set(`${at.entity}#${at.action}`, hook);
  }

  for(modelKey: string, actionKey: string): RegisteredHook | undefined {
    return this.handlers.get(`${modelKey}#${actionKey}`);
  }
}

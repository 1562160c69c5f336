import type { ActionModel, EndpointModel, EntityModel } from '../../shared/schema/entity-model.js';
import type { RowScope } from './access-policy.js';
import type { EntityRecord } from './record-codec.js';
import type { Repository } from './repository.js';
import type { RequestContext } from './request-context.js';

export interface WriteEvent {
  model: EntityModel;
  ctx: RequestContext;
  /** Bound to the write's transaction: what a hook writes commits or rolls back with it. */
  repo: Repository;
  /** Values about to be stored (validated; hooks may change them in beforeWrite). */
  values: EntityRecord;
  isInsert: boolean;
  /** The stored row before an update. */
  existing?: EntityRecord;
  /** The record's key (afterWrite, and updates). */
  key?: string;
  /** The `x-actions` entry doing this write (set, activate, reset, or a hook file's action writing its own rows); absent on submit. */
  action?: ActionModel;
}

export interface RemoveEvent {
  model: EntityModel;
  ctx: RequestContext;
  repo: Repository;
  keys: string[];
}

/** Lifecycle callbacks a module attaches to an entity; write callbacks run inside the write's transaction. */
export interface ResourceHooks {
  /** Narrows which rows the caller may read (and so change); combined with the access policy's scope. */
  readScope?(event: { model: EntityModel; ctx: RequestContext }): Promise<RowScope>;
  /**
   * Records of an endpoint with `viewHooks` as the API answers them, after the engine's
   * labels: BladeX view fields a module completes (a user's roleName, tenantName).
   */
  viewRecords?(event: { model: EntityModel; ctx: RequestContext; endpoint: EndpointModel; records: EntityRecord[] }): Promise<EntityRecord[]>;
  /**
   * The answer of a `linked-keys` endpoint with `viewHooks`, after the engine read the links:
   * what links do not say (the platform's administrator holds every menu whatever its links).
   */
  viewKeys?(event: { model: EntityModel; ctx: RequestContext; endpoint: EndpointModel; owners: EntityRecord[]; keys: Record<string, string[]> }): Promise<Record<string, string[]>>;
  beforeWrite?(event: WriteEvent): Promise<void>;
  afterWrite?(event: WriteEvent & { key: string }): Promise<void>;
  beforeRemove?(event: RemoveEvent): Promise<void>;
  afterRemove?(event: RemoveEvent): Promise<void>;
}

const NONE: readonly ResourceHooks[] = [];

/** Hooks by entity key (`system/tenant`). The engine calls them; modules register them. */
export class HookRegistry {
  private readonly hooks = new Map<string, ResourceHooks[]>();

  /** The hooks of each entity that narrow its reads: every read asks, and most entities have none. */
  private readonly scopeHooks = new Map<string, ResourceHooks[]>();

  on(modelKey: string, hooks: ResourceHooks): void {
    const all = [...(this.hooks.get(modelKey) ?? []), hooks];
    this.hooks.set(modelKey, all);
    this.scopeHooks.set(modelKey, all.filter((h) => h.readScope));
  }

  /** The entity's hooks with a `readScope`, in registration order. */
  narrowing(modelKey: string): readonly ResourceHooks[] {
    return this.scopeHooks.get(modelKey) ?? NONE;
  }

  for(modelKey: string): ResourceHooks[] {
    return this.hooks.get(modelKey) ?? [];
  }
}

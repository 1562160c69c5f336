import type { EndpointModel, EntityModel } from '../../shared/schema/entity-model.js';
import type { Condition } from './conditions.js';
import type { RequestContext } from './request-context.js';
import type { MaybePromise } from '../../shared/maybe-promise.js';

/** What a caller is about to do with an entity (`x-actions` entries check as 'edit' with their own `buttons`). */
export type AccessAction = 'read' | 'add' | 'edit' | 'delete';

/**
 * Rows a caller may see: a union (OR) of groups, each an AND of conditions.
 * `undefined` = no limit; `[]` = no row at all.
 */
export type RowScope = Condition[][] | undefined;

/**
 * The engine asks the policy before every operation; modules provide the real one
 * (buttons, data scopes). The engine itself knows no roles.
 */
export interface AccessPolicy {
  /** Throws an AppError (or rejects with one) when the caller may not do `action` through `endpoint`; at once when nothing needs reading. */
  checkAction(opts: { model: EntityModel; endpoint?: EndpointModel; ctx: RequestContext; action: AccessAction; buttons?: string[] }): MaybePromise<void>;
  /** Data scope of the caller on this entity. */
  rowScope(opts: { model: EntityModel; ctx: RequestContext }): MaybePromise<RowScope>;
}

export const OPEN_POLICY: AccessPolicy = {
  checkAction: () => undefined,
  rowScope: () => undefined,
};

/** Rows in both scopes: every pairing of an AND-group of one with an AND-group of the other. */
export function intersectScopes(a: RowScope, b: RowScope): RowScope {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.flatMap((ga) => b.map((gb) => [...ga, ...gb]));
}

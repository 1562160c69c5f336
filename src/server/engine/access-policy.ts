import type { EndpointModel, EntityModel } from '../../shared/schema/entity-model.js';
import type { Condition } from './conditions.js';
import type { RequestContext } from './request-context.js';

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
  /** Throws an AppError when the caller may not do `action` through `endpoint`. */
  checkAction(opts: { model: EntityModel; endpoint?: EndpointModel; ctx: RequestContext; action: AccessAction; buttons?: string[] }): Promise<void>;
  /** Data scope of the caller on this entity. */
  rowScope(opts: { model: EntityModel; ctx: RequestContext }): Promise<RowScope>;
}

export const OPEN_POLICY: AccessPolicy = {
  checkAction: async () => undefined,
  rowScope: async () => undefined,
};

/** Rows in both scopes: every pairing of an AND-group of one with an AND-group of the other. */
export function intersectScopes(a: RowScope, b: RowScope): RowScope {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.flatMap((ga) => b.map((gb) => [...ga, ...gb]));
}

import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { RowScope } from '../access-policy.js';
import type { Condition } from '../conditions.js';
import type { RequestContext } from '../request-context.js';
import type { OrderBy, Paging } from './paging.js';

/** Which rows of an entity a read asks for, for whom, and in which order. */
export interface ReadQuery {
  model: EntityModel;
  ctx: RequestContext;
  conditions: Condition[];
  order: OrderBy[];
  /** The caller's data scope (absent: every row the tenant condition leaves). */
  scope?: RowScope;
}

/** A read of one page of a list. */
export interface PageQuery extends ReadQuery {
  paging: Paging;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

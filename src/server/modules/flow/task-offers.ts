import type { RequestContext } from '../../engine/request-context.js';

/*
 * A task is offered through blade_flow_task_candidate rows: a role alias (candidateGroups) or
 * `user:<id>` (candidateUsers). Role aliases are [A-Za-z0-9_-]: the two never meet.
 */
const USER_OFFER = 'user:';

/** The offer a candidate user gets. */
export function userOffer(userId: string): string {
  return `${USER_OFFER}${userId}`;
}

/** Every offer the caller may take: its roles and itself. */
export function offersOf(ctx: RequestContext): string[] {
  return [...(ctx.roleAliases ?? []), userOffer(ctx.userId)];
}

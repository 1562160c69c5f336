import { notFound } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { requireUserAdmin } from '../user/admin-guard.js';

const ACTIVE_STATUS = 1;

/**
 * An administrator approves registered users of their own tenant: status becomes 1 and
 * they can sign in. Roles and departments are given as for any user (grant, edit).
 */
export async function approveUsers(services: AppServices, ctx: RequestContext, userIds: string[]): Promise<void> {
  requireUserAdmin(ctx);
  const model = services.model('system/user');
  const rows = services.resources.rowsOf(ctx);
  const users = await rows.whereIn(model, userIds);
  if (users.length !== userIds.length) throw notFound();
  // Not the one write path on purpose: BladeX approves a guest who has roles but no
  // department yet, which the user form's rule (an active user has both) would refuse.
  await services.system.repo.transaction(async (repo) => {
    for (const id of userIds) await repo.update(model, ctx, id, { status: ACTIVE_STATUS });
  });
}

import { notFound } from '../../../shared/errors.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { endUserSessions } from '../auth/user-sessions.js';
import { requireUserAdmin } from './admin-guard.js';
import { checkReferences } from './reference-check.js';
import type { UserDeps } from './user-deps.js';

/** The administrator's tools on users of their own tenant: grant (reset-password and unlock: user-actions.ts). */
export class UserAdminService {
  constructor(private readonly deps: UserDeps) {}

  /** Live users of the caller's tenant with these ids; any other id is a 404 and nothing happens. */
  async usersOf(ctx: RequestContext, ids: string[]): Promise<EntityRecord[]> {
    const { services, model } = this.deps;
    const users = await services.resources.rowsOf(ctx).whereIn(model, ids);
    if (users.length !== ids.length) throw notFound();
    return users;
  }

  /** Overwrites the roles of every user; the roles must be the caller's tenant's. */
  async grant(ctx: RequestContext, userIds: string[], roleIds: string[]): Promise<void> {
    requireUserAdmin(ctx);
    const { services, model } = this.deps;
    await this.usersOf(ctx, userIds);
    const values: EntityRecord = { roleId: roleIds.join(',') };
    const rows = services.resources.rowsOf(ctx);
    await checkReferences({ services, model, ctx, values, lookup: (target, ids) => rows.whereIn(target, ids) });
    await rows.transaction(async (trx) => {
      for (const id of userIds) await trx.update(model, id, { roleId: values.roleId });
      await endUserSessions(services, { repo: trx, tenantId: ctx.tenantId, userIds });
    });
  }
}

import type { ActionEvent } from '../../engine/action-hooks.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { AppServices } from '../../app-services.js';
import { endUserSessions } from '../auth/user-sessions.js';
import { checkReferences } from './reference-check.js';
import { idsParam } from './request-params.js';

/** A registered user awaiting approval has status 0; approved, 1. */
const ACTIVE_STATUS = 1;

/**
 * x-actions `role` (POST /blade-user/grant?userIds=&roleIds=): overwrites the roles of every
 * user; the roles must be the caller's tenant's (only an administrator hands out the
 * administrator role). The engine has checked the admin roles, the tenant and the rows.
 */
export async function grantRoles(services: AppServices, { model, ctx, repo, rows, keys, params }: ActionEvent): Promise<EntityRecord> {
  const values: EntityRecord = { roleId: idsParam(params, 'roleIds').join(',') };
  await checkReferences({ services, model, ctx, values, lookup: (target, ids) => rows.whereIn(target, ids) });
  for (const id of keys) await rows.update(model, id, { roleId: values.roleId });
  await endUserSessions(services, { repo, tenantId: ctx.tenantId, userIds: keys });
  return {};
}

/**
 * x-actions `approve` (POST /blade-user/approve?userIds=): registered users of the caller's
 * tenant become active (status 1) and can sign in. Not the one write path on purpose: BladeX
 * approves a guest who has roles but no department yet, which the user form's rule (an active
 * user has both) would refuse.
 */
export async function approveUsers({ model, ctx, repo, keys }: ActionEvent): Promise<EntityRecord> {
  for (const id of keys) await repo.update(model, ctx, id, { status: ACTIVE_STATUS });
  return {};
}

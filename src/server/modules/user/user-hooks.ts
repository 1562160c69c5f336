import { isEmpty } from '../../../shared/is-empty.js';
import { fieldOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { endsSessions, endUserSessions } from '../auth/user-sessions.js';
import { md5Hex } from '../../seed/run-seed.js';
import { checkReferences, repoLookup } from './reference-check.js';
import type { UserDepts } from './user-depts.js';
import { splitKeys } from '../../engine/ids.js';
import { badRequest } from '../../../shared/errors.js';
import { accountTaken } from './user-errors.js';
import { requireUserAdmin } from './admin-guard.js';

/**
 * BladeX's user rules on every write of `system/user`, inside the write's transaction:
 * the password is hashed on insert and on the reset action (x-actions `reset`, which only
 * administrators may run) and ignored on any other update, the account is unique per
 * tenant among live users, roles/departments/posts must be rows of the caller's tenant,
 * the department list is mirrored into blade_user_dept, and nobody deletes themself.
 * Removing a user, or changing what their tokens rest on, ends their sessions.
 */
export function userHooks(services: AppServices, depts: UserDepts): ResourceHooks {
  return {
    async beforeWrite({ model, ctx, repo, values, isInsert, existing, key, action }) {
      const isReset = action?.run.kind === 'reset';
      if (isReset) requireUserAdmin(ctx);
      // Clients send the typed password on submit (as to BladeX); sign-in sends its md5.
      if (!isInsert && !isReset) delete values.password;
      else if (!isEmpty(values.password)) values.password = md5Hex(String(values.password));

      const account = String(values.account ?? existing?.account ?? '');
      const accountField = fieldOf(model, 'account')!;
      if (account && (await repo.exists(model, ctx, [{ field: accountField, op: 'equal', value: account }], key))) {
        throw accountTaken(account);
      }
      await checkReferences({ services, model, ctx, values, lookup: repoLookup(repo, ctx) });
    },
    async afterWrite({ ctx, repo, values, key, isInsert, existing }) {
      if ('deptId' in values) await depts.rewrite(repo, ctx, { userId: key, deptIds: splitKeys(values.deptId) });
      if (!isInsert && endsSessions(values, existing)) await endUserSessions(services, { repo, tenantId: ctx.tenantId, userIds: [key] });
    },
    async beforeRemove({ ctx, keys }) {
      if (!ctx.isSystem && keys.includes(ctx.userId)) throw badRequest('user.removeSelf');
    },
    async afterRemove({ ctx, repo, keys }) {
      await endUserSessions(services, { repo, tenantId: ctx.tenantId, userIds: keys });
    },
  };
}

import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import { clearLoginFailures } from '../auth/login-failures.js';
import { requireUserAdmin } from './admin-guard.js';
import { PlatformService } from './platform-service.js';
import { textParam } from './request-params.js';
import { approveUsers, grantRoles } from './admin-actions.js';
import type { UserDeps } from './user-deps.js';

/**
 * The user schema's x-actions hooks: `unlock` (POST /blade-user/unlock?userIds=), `role`
 * (grant), `platform` (update-platform) and `approve`. The engine has checked the caller's
 * roles (administrator or admin: `roles`, `rolesSuffice` for the last three, as BladeX's
 * hasAnyRole), the tenant and the data scope of every id, and the form. (`reset` is the
 * engine's `reset` kind; the user hooks hash it.)
 */
export function registerUserActions(deps: UserDeps): void {
  const { services } = deps;
  const platform = new PlatformService(deps);
  services.actions.on({ entity: 'system/user', action: 'unlock' }, async ({ model, ctx, repo, keys }) => {
    requireUserAdmin(ctx);
    const field = keyFieldOf(model);
    const users = await repo.list(model, ctx, { conditions: [{ field, op: 'in', value: keys }], order: [] });
    for (const user of users) await clearLoginFailures(services, ctx.tenantId, String(user.account));
    return {};
  });
  services.actions.on({ entity: 'system/user', action: 'role' }, (event) => grantRoles(services, event));
  services.actions.on({ entity: 'system/user', action: 'platform' }, async ({ repo, rows, keys, params, form }) => {
    await platform.update({ repo, rows, userId: keys[0]!, userType: textParam(params, 'userType'), userExt: form.userExt });
    return {};
  });
  services.actions.on({ entity: 'system/user', action: 'approve' }, approveUsers);
}


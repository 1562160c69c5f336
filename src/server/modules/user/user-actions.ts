import { keyFieldOf } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { clearLoginFailures } from '../auth/login-failures.js';
import { requireUserAdmin } from './admin-guard.js';

/**
 * The user schema's x-actions `unlock` (POST /blade-user/unlock?userIds=). The engine has
 * checked the button, the tenant and the data scope of every id; BladeX also wants an
 * administrator role. (`reset` is the engine's `reset` kind; the user hooks hash it.)
 */
export function registerUserActions(services: AppServices): void {
  services.actions.on('system/user', 'unlock', async ({ model, ctx, repo, keys }) => {
    requireUserAdmin(ctx);
    const field = keyFieldOf(model);
    const users = await repo.list(model, ctx, { conditions: [{ field, op: 'in', value: keys }], order: [] });
    for (const user of users) await clearLoginFailures(services, ctx.tenantId, String(user.account));
    return {};
  });
}

import type { AppServices } from '../../app-services.js';
import { clearLoginFailures } from '../auth/login-failures.js';
import { endUserSessions } from '../auth/user-sessions.js';
import { requireUserAdmin } from './admin-guard.js';
import { initialPasswordHash } from './initial-password.js';

/**
 * The user schema's x-actions `reset` (POST /blade-user/reset-password?userIds=) and
 * `unlock` (POST /blade-user/unlock?userIds=). The engine has checked the button, the
 * tenant and the data scope of every id; BladeX also wants an administrator role.
 */
export function registerUserActions(services: AppServices): void {
  services.actions.on('system/user', 'reset', async ({ model, ctx, repo, keys }) => {
    requireUserAdmin(ctx);
    // Read through the action's transaction: the embedded database has one connection.
    const password = await initialPasswordHash(services, repo);
    for (const id of keys) await repo.update(model, ctx, id, { password });
    await endUserSessions(services, { repo, tenantId: ctx.tenantId, userIds: keys });
    return {};
  });

  services.actions.on('system/user', 'unlock', async ({ model, ctx, repo, keys }) => {
    requireUserAdmin(ctx);
    const field = model.fields.find((f) => f.name === model.primaryKey)!;
    const users = await repo.list(model, ctx, { conditions: [{ field, op: 'in', value: keys }], order: [] });
    for (const user of users) await clearLoginFailures(services, ctx.tenantId, String(user.account));
    return {};
  });
}

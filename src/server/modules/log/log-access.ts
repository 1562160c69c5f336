import type { RowScope } from '../../engine/access-policy.js';
import type { HookRegistry } from '../../engine/resource-hooks.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';

/** BladeX guards the log endpoints with HAS_ROLE_ADMIN: role alias administrator or admin. */
const ADMIN_ALIASES = ['administrator', 'admin'];

export function canReadLogs(ctx: RequestContext): boolean {
  return isAdministrator(ctx) || (ctx.roleAliases ?? []).some((alias) => ADMIN_ALIASES.includes(alias));
}

/**
 * Log rows hold other users' requests and the server's stack traces: only a tenant's
 * administrators read them (others get empty lists and not-found details).
 */
export function restrictLogReads(hooks: HookRegistry, modelKeys: string[]): void {
  const readScope = async ({ ctx }: { ctx: RequestContext }): Promise<RowScope> => (canReadLogs(ctx) ? undefined : []);
  for (const key of modelKeys) hooks.on(key, { readScope });
}

import type { AppServices } from '../../../app-services.js';
import { tokensOf } from '../token-registry.js';
import type { SessionIssuer } from '../session-issuer.js';
import { isGuest } from '../session-user.js';
import { tenantRefusal } from '../tenant-license.js';
import { tokenError } from '../token-body.js';
import type { Grant } from './grant.js';

/**
 * Grant `refresh_token`: the stored refresh token is used up (rotation; a used one shown
 * again ends its token family) and the user reloaded, so a changed role, a removed user or an expired tenant shows at once; the
 * Dept-Id / Role-Id headers pick the department and role of the new token. An unknown,
 * used or revoked refresh token — or a guest's — is a clear 401.
 */
export function refreshGrant(services: AppServices, issuer: SessionIssuer): Grant {
  return async (call) => {
    const { request, reply, client, params: p } = call;
    const record = p.refresh_token ? await tokensOf(services).consumeRefresh(p.refresh_token) : undefined;
    if (!record || record.user.clientId !== client.clientId || isGuest(record.user)) return tokenError(request, reply, 'auth.unauthorized', 401);
    // consumeRefresh checked the epoch before this read: the row is at least as new as the epoch.
    const user = await issuer.directory.findById(record.user.tenantId, record.user.userId);
    if (!user) return tokenError(request, reply, 'auth.unauthorized', 401);
    const refusal = await tenantRefusal(services, record.user.tenantId);
    if (refusal) return tokenError(request, reply, refusal);
    return issuer.forUser(call, { user, epoch: record.user.epoch ?? '0' }, { sid: record.user.sid, oauthId: record.user.oauthId });
  };
}

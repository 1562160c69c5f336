import { AppError, badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { Grant, GrantCall } from '../auth/grants/grant.js';
import type { SessionIssuer } from '../auth/session-issuer.js';
import { GUEST_ROLE, GUEST_USER_ID } from '../auth/session-user.js';
import { tenantRefusal } from '../auth/tenant-license.js';
import { headerOf, tokenError } from '../auth/token-body.js';
import type { SocialSignIn } from './social-sign-in.js';

/** The third-party visitor a guest token is issued for: no id, role guest, the oauth row. */
function guestOf(account: EntityRecord, clientId: string, tenantId: string) {
  const name = String(account.username || account.uuid);
  return {
    userId: GUEST_USER_ID,
    tenantId,
    account: name,
    userName: name,
    nickName: String(account.nickname || name),
    roleIds: [],
    roleAliases: [GUEST_ROLE],
    deptIds: [],
    postIds: [],
    clientId,
    oauthId: String(account.id),
  };
}

/**
 * Grant `social` (tenantId, source, code, state): the state is taken back (one use, its
 * own tenant and source), the code redeemed at the provider and its user recorded. A
 * row bound to a live user signs that user in (with oauth_id); otherwise the visitor
 * gets a guest token for the registration dialog. Without a tenantId the state's is used.
 */
export function socialGrant(services: AppServices, opts: { issuer: SessionIssuer; social: SocialSignIn }): Grant {
  const { issuer, social } = opts;

  async function signIn(call: GrantCall) {
    const { request, params: p } = call;
    const source = social.sourceOf(p.source);
    if (!p.code) throw badRequest('request.paramMissing', { name: 'code' });
    const asked = p.tenantId || headerOf(request, 'tenant-id') || undefined;
    const pending = await social.takeState({ state: p.state, source, tenantId: asked });
    const refusal = await tenantRefusal(services, pending.tenantId);
    if (refusal) return tokenError(request, call.reply, refusal);
    const account = await social.redeem(pending, p.code);
    const userId = String(account.userId ?? '');
    const user = userId ? await issuer.directory.findById(pending.tenantId, userId) : undefined;
    const settled = user && (await issuer.settle(user));
    if (settled) return issuer.forUser(call, settled, { oauthId: String(account.id) });
    if (userId) await social.accounts.unbind(pending.tenantId, String(account.id));
    return issuer.forGuest(call, guestOf(account, call.client.clientId, pending.tenantId), String(account.avatar ?? ''));
  }

  return async (call) => {
    try {
      return await signIn(call);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return tokenError(call.request, call.reply, error);
      throw error;
    }
  };
}

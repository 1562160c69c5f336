import type { AppServices } from '../../app-services.js';
import { tokensOf } from './token-registry.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { logUsual } from '../log/usual-log.js';
import { SIGN_IN_LOG_ID } from '../dashboard/sign-ins.js';
import type { OAuthClient } from './client-check.js';
import type { GrantCall } from './grants/grant.js';
import { switchChoiceOf } from './switch-choice.js';
import { tokenBody, tokenError } from './token-body.js';
import { UserDirectory, isPending } from './user-directory.js';

/**
 * A user's row read after their session epoch. Changes that end sessions bump the epoch
 * after they commit, so either the row already shows the change or the token issued
 * under this epoch is revoked when the bump lands: a token is never newer than its row.
 */
export interface SettledUser {
  user: EntityRecord;
  epoch: string;
}

/**
 * The last step of every grant: a user record becomes a session (tokens and the BladeX
 * body), after the checks every grant shares — approval, roles, the Dept-Id / Role-Id
 * choice.
 */
export class SessionIssuer {
  readonly directory: UserDirectory;

  constructor(private readonly services: AppServices) {
    this.directory = new UserDirectory(services);
  }

  private validity(client: OAuthClient) {
    return {
      accessSeconds: this.services.config.accessTokenSeconds ?? client.accessTokenValidity,
      refreshSeconds: client.refreshTokenValidity,
    };
  }

  /** Reads the user's epoch, then their row again (password hash included); undefined when the user is gone. */
  async settle(user: EntityRecord): Promise<SettledUser | undefined> {
    const tenantId = String(user.tenantId);
    const epoch = await tokensOf(this.services).userEpoch(tenantId, String(user.id));
    const fresh = await this.directory.findById(tenantId, String(user.id), true);
    return fresh && { user: fresh, epoch };
  }

  /** Tokens for a settled user; `sid` continues a token family (refresh), `oauthId` names the third-party row used. */
  async forUser(call: GrantCall, { user, epoch }: SettledUser, opts: { sid?: string; oauthId?: string } = {}) {
    const { request, reply, client } = call;
    if (isPending(user)) return tokenError(request, reply, 'auth.pending');
    const authUser = { ...(await this.directory.authUser(user, client.clientId, switchChoiceOf(request))), oauthId: opts.oauthId ?? '', sid: opts.sid, epoch };
    if (authUser.roleAliases.length === 0) return tokenError(request, reply, 'auth.loginNoRole');
    const tokens = await tokensOf(this.services).issue(authUser, this.validity(client));
    if (!tokens) return tokenError(request, reply, 'auth.unauthorized', 401);
    // A sign-in (not a refresh of one) is counted on the welcome page.
    if (!opts.sid) logUsual(this.services, { level: 'info', id: SIGN_IN_LOG_ID, tenantId: String(user.tenantId), data: { account: user.account, ip: request.ip } });
    return reply.send(tokenBody(authUser, tokens, String(user.avatar ?? '')));
  }

  /** Tokens for a third-party visitor without an account (see guest-guard for what they allow). */
  async forGuest(call: GrantCall, guest: Omit<AuthUser, 'sid'>, avatar: string) {
    const tokens = await tokensOf(this.services).issue(guest, this.validity(call.client));
    if (!tokens) return tokenError(call.request, call.reply, 'auth.unauthorized', 401);
    return call.reply.send(tokenBody(guest, tokens, avatar));
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import { translate } from '../../../shared/i18n/translate.js';
import type { AuthUser } from '../../http/fastify-types.js';
import type { SignInRefusal } from './tenant-license.js';
import type { IssuedTokens } from './token-service.js';
import './session-user.js';

export type Params = Record<string, string | undefined>;

export const DEFAULT_AVATAR = '/img/bg/img-logo.png';

/** Why a grant fails: a catalogue key, a module text, or an error raised by another module. */
export type GrantRefusal = SignInRefusal | AppError;

/** Token parameters: form body or query string alike (the query wins), as BladeX reads them. */
export function grantParams(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

/** One request header as text ('' when absent). */
export function headerOf(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return String((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/**
 * BladeX's bare token failure body, also readable as an envelope. No session is set. The
 * token endpoint answers in this shape rather than through the error handler, so it puts
 * the refusal into the caller's language itself.
 */
export function tokenError(request: FastifyRequest, reply: FastifyReply, refusal: GrantRefusal, status = refusal instanceof AppError ? refusal.status : 400) {
  const text = translate(request.lang, refusal instanceof AppError ? refusal.text : refusal);
  return reply.status(status).send({ error_code: status, error_description: text, code: status, success: false, msg: text });
}

/** The BladeX token response (spec §3 "User info"): snake_case, bare. */
export function tokenBody(user: AuthUser | Omit<AuthUser, 'sid'>, tokens: IssuedTokens, avatar: string) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    tenant_id: user.tenantId,
    user_id: user.userId,
    dept_id: user.deptIds.join(','),
    post_id: user.postIds.join(','),
    role_id: user.roleIds.join(','),
    oauth_id: user.oauthId ?? '',
    account: user.account,
    user_name: user.userName,
    nick_name: user.nickName,
    role_name: user.roleAliases.join(','),
    avatar: avatar || DEFAULT_AVATAR,
    detail: { type: 'web' },
    license: 'powered by atrium',
  };
}

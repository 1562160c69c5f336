import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { formatMessage } from '../../../shared/i18n/messages.js';
import type { Lang } from '../../../shared/schema/entity-model.js';
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

function refusalText(lang: Lang, refusal: GrantRefusal): string {
  if (refusal instanceof AppError) return refusal.text ?? formatMessage(lang, refusal.messageKey ?? 'fail', refusal.params);
  return typeof refusal === 'string' ? formatMessage(lang, refusal) : refusal[lang];
}

/** A sign-in refusal as a 400 envelope error, for the endpoints around the token endpoint. */
export function refusalError(lang: Lang, refusal: SignInRefusal): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: refusalText(lang, refusal) });
}

/** BladeX's bare token failure body, also readable as an envelope. No session is set. */
export function tokenError(request: FastifyRequest, reply: FastifyReply, refusal: GrantRefusal, status = refusal instanceof AppError ? refusal.status : 400) {
  const text = refusalText(request.lang, refusal);
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

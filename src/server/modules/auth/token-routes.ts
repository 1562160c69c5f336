import { verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import { formatMessage } from '../../../shared/i18n/messages.js';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { clientErrorContext, recordClientErrors } from '../log/index.js';
import { checkClient, type OAuthClient } from './client-check.js';
import { authMessages } from './auth-messages.js';
import { clearAfterSignIn, isLockedOut, recordLoginFailure, type SignInAttempt } from './login-failures.js';
import { tenantRefusal, type SignInRefusal } from './tenant-license.js';
import type { IssuedTokens } from './token-service.js';
import { UserDirectory } from './user-directory.js';

type Params = Record<string, string | undefined>;

export const DEFAULT_AVATAR = '/img/bg/img-logo.png';

function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

/** BladeX's bare token failure body, also readable as an envelope. */
function tokenError(request: FastifyRequest, reply: FastifyReply, refusal: SignInRefusal, status = 400) {
  const text = typeof refusal === 'string' ? formatMessage(request.lang, refusal) : refusal[request.lang];
  return reply.status(status).send({ error_code: status, error_description: text, code: status, success: false, msg: text });
}

function tokenBody(user: AuthUser | Omit<AuthUser, 'sid'>, tokens: IssuedTokens, avatar: string) {
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
    oauth_id: '',
    account: user.account,
    user_name: user.userName,
    nick_name: user.nickName,
    role_name: user.roleAliases.join(','),
    avatar: avatar || DEFAULT_AVATAR,
    detail: { type: 'web' },
    license: 'powered by atrium',
  };
}

export function registerTokenRoutes(app: FastifyInstance, services: AppServices): void {
  const directory = new UserDirectory(services);
  const validity = (client: OAuthClient) => ({
    accessSeconds: services.config.accessTokenSeconds ?? client.accessTokenValidity,
    refreshSeconds: client.refreshTokenValidity,
  });

  /** Order of reference §5.1: lockout, then tenant, then the password. */
  async function passwordGrant(request: FastifyRequest, reply: FastifyReply, client: OAuthClient, p: Params) {
    const tenantId = p.tenantId || String(request.headers['tenant-id'] ?? '') || '000000';
    if (!p.username || !p.password) return tokenError(request, reply, 'login.failed');
    const attempt: SignInAttempt = { tenantId, account: p.username, ip: request.ip };
    if (await isLockedOut(services, attempt)) return tokenError(request, reply, authMessages.locked);
    const refusal = await tenantRefusal(services, tenantId);
    if (refusal) return tokenError(request, reply, refusal);
    const user = await directory.findByAccount(tenantId, p.username);
    const hash = user ? String(user.password ?? '') : '';
    if (!user || !hash || !(await verify(hash, p.password).catch(() => false))) {
      await recordLoginFailure(services, attempt);
      return tokenError(request, reply, 'login.failed');
    }
    await clearAfterSignIn(services, attempt);
    const authUser = await directory.authUser(user, client.clientId);
    if (authUser.roleAliases.length === 0) return tokenError(request, reply, 'login.no.role');
    const tokens = await services.tokens.issue(authUser, validity(client));
    return reply.send(tokenBody(authUser, tokens, String(user.avatar ?? '')));
  }

  async function refreshGrant(request: FastifyRequest, reply: FastifyReply, client: OAuthClient, p: Params) {
    const record = p.refresh_token ? await services.tokens.consumeRefresh(p.refresh_token) : undefined;
    if (!record || record.user.clientId !== client.clientId) return tokenError(request, reply, 'unauthorized', 401);
    const user = await directory.findById(record.user.tenantId, record.user.userId);
    if (!user) return tokenError(request, reply, 'unauthorized', 401);
    const refusal = await tenantRefusal(services, record.user.tenantId);
    if (refusal) return tokenError(request, reply, refusal);
    const authUser = { ...(await directory.authUser(user, client.clientId)), sid: record.user.sid };
    const tokens = await services.tokens.issue(authUser, validity(client));
    return reply.send(tokenBody(authUser, tokens, String(user.avatar ?? '')));
  }

  for (const prefix of ['/api', '']) {
    app.post(`${prefix}/blade-auth/oauth/token`, { config: { open: true }, schema: { tags: ['auth'], hide: prefix === '' } }, async (request, reply) => {
      const client = await checkClient(services, request).catch((error: unknown) => {
        if (error instanceof AppError && error.messageKey) return error;
        throw error;
      });
      if (client instanceof AppError) return tokenError(request, reply, client.messageKey!, client.status);
      const p = paramsOf(request);
      const grant = p.grant_type ?? p.grantType ?? 'password';
      if (grant === 'password' || grant === 'captcha') return passwordGrant(request, reply, client, p);
      if (grant === 'refresh_token') return refreshGrant(request, reply, client, p);
      return tokenError(request, reply, 'grant.unknown');
    });

    app.get(`${prefix}/blade-auth/oauth/user-info`, { schema: { tags: ['auth'], hide: prefix === '' } }, async (request) => {
      const caller = request.user!;
      const user = await directory.findById(caller.tenantId, caller.userId);
      const { access_token: _a, refresh_token: _r, ...info } = tokenBody(caller, { accessToken: '', refreshToken: '', expiresIn: 0 }, String(user?.avatar ?? ''));
      return ok({ ...info, real_name: user?.realName ?? '', email: user?.email ?? '', phone: user?.phone ?? '' });
    });

    const logout = async (request: FastifyRequest) => {
      recordClientErrors(services, clientErrorContext(request), request.body);
      await services.tokens.endSession(request.user!.sid);
      return ok({});
    };
    app.get(`${prefix}/blade-auth/oauth/logout`, { schema: { tags: ['auth'], hide: prefix === '' } }, logout);
    app.post(`${prefix}/blade-auth/oauth/logout`, { schema: { tags: ['auth'], hide: prefix === '' } }, logout);
  }
}

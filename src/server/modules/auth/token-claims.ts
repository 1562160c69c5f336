import type { JWTPayload } from 'jose';
import type { AuthUser } from '../../http/fastify-types.js';
import './session-user.js';

/**
 * The access token's claims. Lists (roles, departments, posts) travel as JSON arrays:
 * a role alias is free text, so a comma-joined claim could be split into roles nobody
 * granted (an alias `x,administrator`). The BladeX comma strings live only in the token
 * endpoint's body, which the console shows and never reads authority from.
 */
export function accessClaims(user: AuthUser): JWTPayload {
  return {
    token_type: 'access_token',
    tenant_id: user.tenantId,
    user_id: user.userId,
    account: user.account,
    user_name: user.userName,
    nick_name: user.nickName,
    role_id: user.roleIds,
    role_name: user.roleAliases,
    dept_id: user.deptIds,
    post_id: user.postIds,
    client_id: user.clientId,
    oauth_id: user.oauthId ?? '',
    sid: user.sid,
    session_epoch: user.epoch ?? '0',
  };
}

const textList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

/** The caller of verified claims; undefined for anything but an access token with list claims. */
export function userOfClaims(payload: JWTPayload): AuthUser | undefined {
  if (payload.token_type !== 'access_token' || typeof payload.sid !== 'string' || !payload.sid) return undefined;
  const roleIds = textList(payload.role_id);
  const roleAliases = textList(payload.role_name);
  const deptIds = textList(payload.dept_id);
  const postIds = textList(payload.post_id);
  if (!roleIds || !roleAliases || !deptIds || !postIds) return undefined;
  return {
    userId: String(payload.user_id),
    tenantId: String(payload.tenant_id),
    account: String(payload.account ?? ''),
    userName: String(payload.user_name ?? ''),
    nickName: String(payload.nick_name ?? ''),
    roleIds,
    roleAliases,
    deptIds,
    postIds,
    clientId: String(payload.client_id ?? ''),
    oauthId: String(payload.oauth_id ?? ''),
    sid: payload.sid,
    epoch: String(payload.session_epoch ?? '0'),
  };
}

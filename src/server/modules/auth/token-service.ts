import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthUser } from '../../http/fastify-types.js';
import type { SharedStore } from '../../store/shared-store.js';
import './session-user.js';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

interface RefreshRecord {
  user: AuthUser;
  refreshSeconds: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Signed JWT access tokens and opaque refresh tokens kept (hashed) in the shared
 * store. A sign-in is a session (`sid`): logout ends it, which revokes its refresh
 * token and every access token carrying that sid. Refresh tokens rotate on use.
 */
export class TokenService {
  /** Verified access tokens → caller, so a busy client does not pay the HMAC on every call. */
  private readonly verified = new Map<string, { user: AuthUser; expiresAt: number }>();
  private readonly verifiedCapacity = 10_000;

  constructor(private readonly deps: { key: Uint8Array; store: SharedStore }) {}

  async issue(user: Omit<AuthUser, 'sid'> & { sid?: string }, validity: { accessSeconds: number; refreshSeconds: number }): Promise<IssuedTokens> {
    const sid = user.sid ?? randomBytes(12).toString('base64url');
    const full: AuthUser = { ...user, sid };
    const accessToken = await new SignJWT({
      token_type: 'access_token',
      tenant_id: full.tenantId,
      user_id: full.userId,
      account: full.account,
      user_name: full.userName,
      nick_name: full.nickName,
      role_id: full.roleIds.join(','),
      role_name: full.roleAliases.join(','),
      dept_id: full.deptIds.join(','),
      post_id: full.postIds.join(','),
      client_id: full.clientId,
      oauth_id: full.oauthId ?? '',
      sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('issuser')
      .setAudience('audience')
      .setNotBefore('0s')
      .setIssuedAt()
      .setExpirationTime(`${validity.accessSeconds}s`)
      .sign(this.deps.key);
    const refreshToken = randomBytes(32).toString('base64url');
    const record: RefreshRecord = { user: full, refreshSeconds: validity.refreshSeconds };
    await this.deps.store.set(`refresh:${sha256(refreshToken)}`, JSON.stringify(record), validity.refreshSeconds);
    await this.deps.store.set(`session:${sid}`, sha256(refreshToken), validity.refreshSeconds);
    return { accessToken, refreshToken, expiresIn: validity.accessSeconds };
  }

  /** The caller of a valid access token whose session is still open, else undefined. */
  async verifyAccess(token: string): Promise<AuthUser | undefined> {
    const cached = this.verified.get(token);
    const user = cached && cached.expiresAt > Date.now() ? cached.user : await this.verifySignature(token);
    if (!user) return undefined;
    return (await this.deps.store.get(`session:${user.sid}`)) ? user : undefined;
  }

  private async verifySignature(token: string): Promise<AuthUser | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.deps.key, { issuer: 'issuser', audience: 'audience' });
      if (payload.token_type !== 'access_token' || !payload.sid) return undefined;
      const list = (v: unknown) => String(v ?? '').split(',').filter(Boolean);
      const user: AuthUser = {
        userId: String(payload.user_id),
        tenantId: String(payload.tenant_id),
        account: String(payload.account ?? ''),
        userName: String(payload.user_name ?? ''),
        nickName: String(payload.nick_name ?? ''),
        roleIds: list(payload.role_id),
        roleAliases: list(payload.role_name),
        deptIds: list(payload.dept_id),
        postIds: list(payload.post_id),
        clientId: String(payload.client_id ?? ''),
        oauthId: String(payload.oauth_id ?? ''),
        sid: String(payload.sid),
      };
      if (this.verified.size >= this.verifiedCapacity) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { user, expiresAt: Number(payload.exp) * 1000 });
      return user;
    } catch {
      return undefined;
    }
  }

  /** Consumes a refresh token (one use); undefined when unknown, used or revoked. */
  async consumeRefresh(refreshToken: string): Promise<RefreshRecord | undefined> {
    const key = `refresh:${sha256(refreshToken)}`;
    const raw = await this.deps.store.get(key);
    if (!raw) return undefined;
    await this.deps.store.del(key);
    return JSON.parse(raw) as RefreshRecord;
  }

  async endSession(sid: string): Promise<void> {
    const refreshHash = await this.deps.store.get(`session:${sid}`);
    if (refreshHash) await this.deps.store.del(`refresh:${refreshHash}`);
    await this.deps.store.del(`session:${sid}`);
  }
}

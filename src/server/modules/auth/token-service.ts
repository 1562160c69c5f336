import { createHash, randomBytes } from 'node:crypto';
import { andThen, type MaybePromise } from '../../../shared/maybe-promise.js';
import { SignJWT, jwtVerify } from 'jose';
import type { AlsoRead } from '../../http/authenticate.js';
import type { AuthUser } from '../../http/fastify-types.js';
import type { SharedStore } from '../../store/shared-store.js';
import { accessClaims, userOfClaims } from './token-claims.js';
import './session-user.js';
import { makeRoom } from '../../../shared/make-room.js';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenValidity {
  accessSeconds: number;
  refreshSeconds: number;
}

/** What a live refresh token stands for: the caller it continues (sid = the family). */
export interface RefreshRecord {
  user: AuthUser;
  refreshSeconds: number;
}

/** What a used refresh token is replaced with: presenting it again revokes its family. */
interface RotatedMark {
  rotated: true;
  sid: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const refreshKey = (hash: string) => `refresh:${hash}`;
const sessionKey = (sid: string) => `session:${sid}`;
const epochKey = (tenantId: string, userId: string) => `user-epoch:${tenantId}:${userId}`;

/**
 * Signed JWT access tokens and opaque refresh tokens kept (hashed) in the shared store.
 *
 * A sign-in starts a token family (`sid`): `session:<sid>` holds the hash of the family's
 * one live refresh token, and every access token carries the sid. Using a refresh token
 * swaps it for a "rotated" mark in one atomic step, so of racing uses one wins; showing
 * a rotated token again ends the family. Logout ends the family.
 *
 * Every user has a session epoch (a counter); a token carries the epoch it was issued
 * under, and bumping the epoch (`endUserSessions`) revokes all of the user's families.
 * Both checks read the shared store on every request, so every process sees them.
 */
export class TokenService {
  /** Verified signatures → caller, so a busy client does not pay the HMAC on every call; revocation is still checked each time. */
  private readonly verified = new Map<string, { user: AuthUser; expiresAt: number }>();
  private readonly verifiedCapacity = 10_000;

  constructor(private readonly deps: { key: Uint8Array; store: SharedStore }) {}

  /** The user's current session epoch ('0' until first bumped). */
  async userEpoch(tenantId: string, userId: string): Promise<string> {
    return (await this.deps.store.get(epochKey(tenantId, userId))) ?? '0';
  }

  /** Revokes every token of the user, in every process. */
  async endUserSessions(tenantId: string, userId: string): Promise<void> {
    await this.deps.store.incr(epochKey(tenantId, userId));
  }

  /**
   * Tokens for a user. Without `sid` a new family starts; with it the family continues,
   * unless it has ended meanwhile (then undefined).
   */
  async issue(user: Omit<AuthUser, 'sid'> & { sid?: string }, validity: TokenValidity): Promise<IssuedTokens | undefined> {
    const continues = user.sid !== undefined;
    const full: AuthUser = { ...user, sid: user.sid ?? randomBytes(12).toString('base64url'), epoch: user.epoch ?? '0' };
    // The family travels in the token's clear part, so a used token's mark can name it in the same step that uses it up.
    const refreshToken = `${full.sid}.${randomBytes(32).toString('base64url')}`;
    const hash = sha256(refreshToken);
    const record: RefreshRecord = { user: full, refreshSeconds: validity.refreshSeconds };
    await this.deps.store.set(refreshKey(hash), JSON.stringify(record), validity.refreshSeconds);
    if (!continues) await this.deps.store.set(sessionKey(full.sid), hash, validity.refreshSeconds);
    else if (!(await this.deps.store.setIfExists(sessionKey(full.sid), hash, validity.refreshSeconds))) {
      await this.deps.store.del(refreshKey(hash));
      return undefined;
    }
    return { accessToken: await this.sign(full, validity.accessSeconds), refreshToken, expiresIn: validity.accessSeconds };
  }

  private sign(user: AuthUser, seconds: number): Promise<string> {
    return new SignJWT(accessClaims(user))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('issuser')
      .setAudience('audience')
      .setNotBefore('0s')
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.deps.key);
  }

  /** The caller of a valid access token whose family is open and whose epoch is current, else undefined. */
  verifyAccess(token: string, alsoRead?: AlsoRead): MaybePromise<AuthUser | undefined> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return this.live(cached.user, alsoRead);
    return this.verifySignature(token).then((user) => (user ? this.live(user, alsoRead) : undefined));
  }

  /** The user while its session is open and its epoch current; `alsoRead`'s keys come back in the same round trip. */
  private live(user: AuthUser, alsoRead?: AlsoRead): MaybePromise<AuthUser | undefined> {
    const extra = alsoRead?.keys ?? [];
    return andThen(this.deps.store.getMany([sessionKey(user.sid), epochKey(user.tenantId, user.userId), ...extra]), ([session, epoch, ...values]) => {
      if (!session || (epoch ?? '0') !== user.epoch) return undefined;
      if (alsoRead) alsoRead.got(values);
      return user;
    });
  }

  private async verifySignature(token: string): Promise<AuthUser | undefined> {
    let user: AuthUser | undefined;
    let expiresAt = 0;
    try {
      const { payload } = await jwtVerify(token, this.deps.key, { issuer: 'issuser', audience: 'audience' });
      user = userOfClaims(payload);
      expiresAt = Number(payload.exp) * 1000;
    } catch {
      return undefined;
    }
    if (!user) return undefined;
    makeRoom(this.verified, this.verifiedCapacity);
    this.verified.set(token, { user, expiresAt });
    return user;
  }

  /**
   * Uses up a refresh token: its record, or undefined when unknown, used, revoked or of
   * an earlier epoch. A token used before ends its whole family.
   */
  async consumeRefresh(refreshToken: string): Promise<RefreshRecord | undefined> {
    const sid = refreshToken.split('.')[0];
    const mark: RotatedMark = { rotated: true, sid };
    const raw = await this.deps.store.replace(refreshKey(sha256(refreshToken)), JSON.stringify(mark));
    if (!raw) return undefined;
    const found = JSON.parse(raw) as RefreshRecord | RotatedMark;
    if ('rotated' in found) {
      await this.endSession(found.sid);
      return undefined;
    }
    const epoch = await this.userEpoch(found.user.tenantId, found.user.userId);
    return epoch === (found.user.epoch ?? '0') ? found : undefined;
  }

  /** Ends a token family: its access tokens stop working and its refresh tokens are refused. */
  async endSession(sid: string): Promise<void> {
    if (!sid) return;
    const refreshHash = await this.deps.store.get(sessionKey(sid));
    await this.deps.store.del(sessionKey(sid));
    if (refreshHash) await this.deps.store.del(refreshKey(refreshHash));
  }
}

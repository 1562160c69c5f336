import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedStore } from '../../store/shared-store.js';
import type { SocialSource } from './providers/social-provider.js';

const TTL_SECONDS = 10 * 60;

/** What a `state` stands for until the provider sends the browser back. */
export interface PendingAuthorization {
  tenantId: string;
  source: SocialSource;
  /** PKCE verifier of the challenge sent with the authorization request. */
  codeVerifier: string;
  /** The redirect_uri of the authorization request; the token request must repeat it. */
  redirectUri: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * OAuth2 `state` values: `<nonce>.<HMAC(nonce, tenant, source)>`, the flow's details kept
 * in the shared store for 10 minutes, good for one use and only for the tenant and
 * source they were made for. Shared-store backed, so any server process can finish a
 * flow another one started.
 */
export class SocialStates {
  private readonly key: Buffer;

  constructor(private readonly deps: { store: SharedStore; serverKey: Uint8Array }) {
    this.key = createHmac('sha256', deps.serverKey).update('atrium/social/state').digest();
  }

  private sign(nonce: string, tenantId: string, source: string): string {
    return base64url(createHmac('sha256', this.key).update(`${nonce}:${tenantId}:${source}`).digest());
  }

  async create(opts: { tenantId: string; source: SocialSource; redirectUri: string }): Promise<{ state: string; codeChallenge: string }> {
    const nonce = base64url(randomBytes(18));
    const codeVerifier = base64url(randomBytes(32));
    const pending: PendingAuthorization = { ...opts, codeVerifier };
    await this.deps.store.set(`social:state:${nonce}`, JSON.stringify(pending), TTL_SECONDS);
    return {
      state: `${nonce}.${this.sign(nonce, opts.tenantId, opts.source)}`,
      codeChallenge: base64url(createHash('sha256').update(codeVerifier).digest()),
    };
  }

  /**
   * The flow a state stands for, once: undefined when unknown, expired, used, forged, or
   * made for another source or (when given) another tenant.
   */
  async take(state: string, expected: { source: string; tenantId?: string }): Promise<PendingAuthorization | undefined> {
    const [nonce = '', signature = ''] = state.split('.');
    if (!nonce || !signature) return undefined;
    const raw = await this.deps.store.get(`social:state:${nonce}`);
    if (!raw) return undefined;
    const pending = JSON.parse(raw) as PendingAuthorization;
    const wanted = Buffer.from(this.sign(nonce, pending.tenantId, pending.source));
    const given = Buffer.from(signature);
    if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return undefined;
    await this.deps.store.del(`social:state:${nonce}`);
    // incr is atomic on every store: of two callbacks racing with one state, one wins.
    if ((await this.deps.store.incr(`social:state-used:${nonce}`, TTL_SECONDS)) !== 1) return undefined;
    if (pending.source !== expected.source) return undefined;
    if (expected.tenantId && pending.tenantId !== expected.tenantId) return undefined;
    return pending;
  }
}

import { badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { loadJwtKey } from '../auth/jwt-key.js';
import { OAuthAccounts } from './oauth-accounts.js';
import { providers } from './provider-registry.js';
import { SocialProviderError, isSocialSource, type SocialSource } from './providers/social-provider.js';
import { socialClientSettings } from './social-clients.js';
import { SocialStates, type PendingAuthorization } from './social-state.js';

/**
 * The authorization-code flow with any provider of the registry, free of HTTP: the
 * authorize URL with a fresh state, the state taken back once, the code redeemed and
 * the provider's user recorded in blade_user_oauth.
 */
export class SocialSignIn {
  readonly accounts: OAuthAccounts;
  private readonly states: SocialStates;

  constructor(private readonly services: AppServices) {
    this.accounts = new OAuthAccounts(services);
    this.states = new SocialStates({ store: services.store, serverKey: loadJwtKey(services.config) });
  }

  /** The source, checked against the registry. */
  sourceOf(raw: string | undefined): SocialSource {
    if (!isSocialSource(raw)) throw badRequest('social.unknownSource', { source: String(raw ?? '') });
    return raw;
  }

  /** Where to send the browser: the provider's authorize URL for this tenant's client. */
  async authorizationUrl(opts: { tenantId: string; source: SocialSource; fallbackRedirect: string }): Promise<string> {
    const settings = await socialClientSettings(this.services, opts);
    const { state, codeChallenge } = await this.states.create({ tenantId: opts.tenantId, source: opts.source, redirectUri: settings.redirectUri });
    return providers[opts.source].authorizeUrl({ settings, state, codeChallenge });
  }

  /** The flow a callback's state stands for; once only, and only for its own source and tenant. */
  async takeState(opts: { state: string | undefined; source: SocialSource; tenantId?: string }): Promise<PendingAuthorization> {
    const pending = opts.state ? await this.states.take(opts.state, opts) : undefined;
    if (!pending) throw badRequest('social.stateInvalid');
    return pending;
  }

  /** Redeems the code and records the provider's user: the blade_user_oauth row (bound or not). */
  async redeem(pending: PendingAuthorization, code: string): Promise<EntityRecord> {
    const { tenantId, source, redirectUri } = pending;
    const settings = { ...(await socialClientSettings(this.services, { tenantId, source, fallbackRedirect: redirectUri })), redirectUri };
    try {
      const profile = await providers[source].fetchProfile({ settings, code, codeVerifier: pending.codeVerifier });
      return await this.accounts.upsert(tenantId, source, profile);
    } catch (error) {
      if (error instanceof SocialProviderError) throw badRequest('social.providerFailed', { reason: error.reason.slice(0, 200) });
      throw error;
    }
  }
}

/** The third-party sign-ins the console offers (spec §1). */
export const SOCIAL_SOURCES = ['github', 'gitee', 'wechat', 'qq'] as const;
export type SocialSource = (typeof SOCIAL_SOURCES)[number];

export const isSocialSource = (value: string | undefined): value is SocialSource =>
  SOCIAL_SOURCES.includes(value as SocialSource);

/** The endpoints and scope of a provider; a tenant's row overrides any of them. */
export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
}

/** One tenant's OAuth2 client at one provider (blade_social_client merged over the provider's defaults). */
export interface SocialClientSettings extends ProviderEndpoints {
  source: SocialSource;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: the console's /oauth/redirect/<source>. */
  redirectUri: string;
}

/** What blade_user_oauth keeps of the provider's user (JustAuth's AuthUser, as BladeX stores it). */
export interface SocialProfile {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  blog: string;
  company: string;
  location: string;
  email: string;
  remark: string;
  /** MALE | FEMALE | UNKNOWN. */
  gender: string;
}

/** The authorization request: where to send the browser. */
export interface AuthorizeRequest {
  settings: SocialClientSettings;
  state: string;
  /** PKCE S256 challenge of the verifier kept with the state. */
  codeChallenge: string;
}

/** The callback's code, redeemed for the provider's user. */
export interface CodeExchange {
  settings: SocialClientSettings;
  code: string;
  codeVerifier: string;
}

/** One provider of the registry: the authorization-code flow in its own dialect. */
export interface SocialProvider {
  defaults: ProviderEndpoints;
  authorizeUrl(request: AuthorizeRequest): string;
  /** Exchanges the code at the token URL and reads the user at the user-info URL. */
  fetchProfile(exchange: CodeExchange): Promise<SocialProfile>;
}

/** The provider refused or could not be reached; `reason` is shown to the user. */
export class SocialProviderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SocialProviderError';
  }
}

/** Text of a profile value ('' for absent or non-text values). */
export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A complete profile from the fields a provider gives. */
export function profileOf(fields: Partial<SocialProfile> & { uuid: string }): SocialProfile {
  return { username: '', nickname: '', avatar: '', blog: '', company: '', location: '', email: '', remark: '', gender: 'UNKNOWN', ...fields };
}

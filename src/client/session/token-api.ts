/** The BladeX token endpoint: every grant (password, captcha, sms_code, social, refresh_token) is one call. */
import { requestRaw } from '../api/http';
import type { TokenError, TokenResponse } from './session-types';

export type TokenBody = Partial<TokenResponse> & TokenError;

export interface TokenRequest {
  params: Record<string, string>;
  tenantId: string;
  /** Captcha-Key / Captcha-Code, Dept-Id / Role-Id. */
  headers?: Record<string, string>;
}

/** POSTs the grant as query parameters (BladeX reads them from the query), without a bearer token. */
export function requestToken({ params, tenantId, headers }: TokenRequest): Promise<TokenBody> {
  return requestRaw<TokenBody>({
    method: 'POST',
    url: '/blade-auth/oauth/token',
    params,
    auth: false,
    silent: params.grant_type === 'refresh_token',
    headers: { 'Tenant-Id': tenantId, ...headers },
  });
}

/** The token response when it carries tokens, else undefined. */
export function grantedTokens(body: TokenBody): TokenResponse | undefined {
  return body.access_token && body.refresh_token ? (body as TokenResponse) : undefined;
}

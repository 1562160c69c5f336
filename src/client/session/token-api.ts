/** The BladeX token endpoint: password login and refresh share one call. */
import { requestRaw } from '../api/http';
import type { TokenError, TokenResponse } from './session-types';

export type TokenBody = Partial<TokenResponse> & TokenError;

/** POSTs the grant as query parameters (BladeX reads them from the query), without a bearer token. */
export function requestToken(params: Record<string, string>, tenantId: string): Promise<TokenBody> {
  return requestRaw<TokenBody>({
    method: 'POST',
    url: '/blade-auth/oauth/token',
    params,
    auth: false,
    silent: params.grant_type === 'refresh_token',
    headers: { 'Tenant-Id': tenantId },
  });
}

/** The token response when it carries tokens, else undefined. */
export function grantedTokens(body: TokenBody): TokenResponse | undefined {
  return body.access_token && body.refresh_token ? (body as TokenResponse) : undefined;
}

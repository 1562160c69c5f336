import { updateSession } from './session-store';
import type { TokenResponse } from './session-types';

/** Stores the tokens and who signed in; login and refresh both go through here. */
export function applyTokens(tokens: TokenResponse): void {
  const { access_token, refresh_token, ...userInfo } = tokens;
  updateSession({ token: access_token, refreshToken: refresh_token, tenantId: tokens.tenant_id, userInfo });
}

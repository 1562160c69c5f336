/**
 * Token refresh timer (spec §4; Saber page/index): every 10 s the stored token's age is
 * checked; at the configured token time, and with no refresh in flight, the tokens are
 * re-issued from the refresh token.
 */
import { siteConfig } from '../site-config';
import { getStoreItem } from '../store/storage';
import { applyTokens } from './apply-tokens';
import { getSession } from './session-store';
import { grantedTokens, requestToken } from './token-api';

let isRefreshing = false;

export function isTokenDue(savedAt: number, now: number, tokenTimeSeconds: number): boolean {
  return (now - savedAt) / 1000 >= tokenTimeSeconds;
}

export async function refreshToken(): Promise<void> {
  const { refreshToken: refresh, tenantId = siteConfig.tenantId } = getSession();
  if (!refresh) return;
  const body = await requestToken({ tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' }, tenantId);
  const tokens = grantedTokens(body);
  if (tokens) applyTokens(tokens);
}

export async function checkToken(now = Date.now()): Promise<void> {
  const saved = getStoreItem<string>('token');
  if (!saved || isRefreshing || !isTokenDue(saved.datetime, now, siteConfig.tokenTime)) return;
  isRefreshing = true;
  try {
    await refreshToken();
  } catch {
    // Keep the current token: a request it no longer opens answers 401, which logs out.
  } finally {
    isRefreshing = false;
  }
}

/** Starts the timer; answers its stop function. */
export function startTokenRefresh(): () => void {
  const timer = setInterval(() => void checkToken(), siteConfig.tokenCheckIntervalMs);
  return () => clearInterval(timer);
}

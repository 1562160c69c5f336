/**
 * Token refresh timer (spec §4; Saber page/index): every check interval the stored
 * token's age is checked; at the token time, and with no refresh in flight, the tokens
 * are re-issued from the refresh token. The guard is released on success and failure.
 */
import { siteConfig } from '../site-config';
import { getStore, getStoreItem } from '../store/storage';
import { applyTokens } from './apply-tokens';
import { getSession } from './session-store';
import { grantedTokens, requestToken } from './token-api';
import { tokenTiming } from './token-timing';

let isRefreshing = false;

export function isTokenDue(savedAt: number, now: number, tokenTimeSeconds: number): boolean {
  return (now - savedAt) / 1000 >= tokenTimeSeconds;
}

export interface RefreshChoice {
  /** Switch dialog: re-issue the tokens for this department and role (switchMode). */
  deptId?: string;
  roleId?: string;
}

/** Re-issues the tokens; answers whether new ones were stored. */
export async function refreshToken(choice: RefreshChoice = {}): Promise<boolean> {
  return withRefreshLock(() => refreshNow(choice));
}

/**
 * Tabs of one browser share the stored tokens: one refresh at a time across them (Web
 * Locks), and each reads the refresh token as stored now, not as its tab last saw it.
 */
async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: { request(name: string, fn: () => Promise<T>): Promise<T> } } | undefined)?.locks;
  return locks ? locks.request('atrium-token-refresh', work) : work();
}

async function refreshNow(choice: RefreshChoice): Promise<boolean> {
  const { tenantId = siteConfig.tenantId } = getSession();
  const refresh = getStore<string>('refreshToken') ?? getSession().refreshToken;
  if (!refresh) return false;
  const params: Record<string, string> = { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' };
  const headers: Record<string, string> = {};
  if (choice.deptId) headers['Dept-Id'] = params.deptId = choice.deptId;
  if (choice.roleId) headers['Role-Id'] = params.roleId = choice.roleId;
  const tokens = grantedTokens(await requestToken({ params, tenantId, headers }));
  if (tokens) applyTokens(tokens);
  return Boolean(tokens);
}

export async function checkToken(now = Date.now()): Promise<void> {
  const saved = getStoreItem<string>('token');
  if (!saved || isRefreshing || !isTokenDue(saved.datetime, now, tokenTiming().tokenTimeSeconds)) return;
  isRefreshing = true;
  try {
    await withRefreshLock(async () => {
      // Another tab may have refreshed while this one waited for the lock.
      const current = getStoreItem<string>('token');
      if (current && isTokenDue(current.datetime, Date.now(), tokenTiming().tokenTimeSeconds)) await refreshNow({});
    });
  } catch {
    // Keep the current token: a request it no longer opens answers 401, which logs out.
  } finally {
    isRefreshing = false;
  }
}

/** Starts the timer; answers its stop function. */
export function startTokenRefresh(): () => void {
  const timer = setInterval(() => void checkToken(), tokenTiming().checkIntervalMs);
  return () => clearInterval(timer);
}

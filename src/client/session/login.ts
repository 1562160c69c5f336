/**
 * Sign-in by every grant (spec §4 Session; Saber LoginByUsername, LoginByPhone,
 * LoginBySocial): on success the tokens, tenant and user are stored, all tabs reset to
 * home, the lock is cleared and the menu loaded. Refusals are toasted, never thrown.
 */
import i18next from 'i18next';
import { ApiError } from '../api/http';
import { toast } from '../ui/toast';
import { clearLock } from '../store/lock-store';
import { resetTags } from '../store/tags-store';
import { applyTokens } from './apply-tokens';
import { needsGuestRegistration } from './guest';
import { loadMenu } from './load-menu';
import { md5 } from './md5';
import { updateSession } from './session-store';
import { grantedTokens, requestToken, type TokenBody, type TokenRequest } from './token-api';

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
}

export interface Captcha {
  key: string;
  code: string;
}

async function askToken(request: TokenRequest): Promise<TokenBody | undefined> {
  try {
    return await requestToken(request);
  } catch (error) {
    // The API client toasts every refusal except 401, which it treats as a forced logout.
    if (error instanceof ApiError) {
      if (error.code === 401) toast.error(error.message);
      return undefined;
    }
    throw error;
  }
}

/** Asks for tokens with `request`; answers whether a session was set. */
export async function signIn(request: TokenRequest): Promise<boolean> {
  const body = await askToken(request);
  if (!body) return false;
  const tokens = grantedTokens(body);
  if (!tokens || body.error_description) {
    toast.error(body.error_description || i18next.t('unknownError'));
    return false;
  }
  applyTokens(tokens);
  updateSession({ topMenuId: undefined });
  resetTags();
  clearLock();
  // A third-party guest's token opens registration only: no menu to load.
  if (!needsGuestRegistration(tokens)) await loadMenu().catch(() => undefined); // already toasted; the layout retries on mount
  return true;
}

/** Account and password (md5), with the captcha when the site asks for one. */
export function login(form: LoginForm, captcha?: Captcha): Promise<boolean> {
  const params = { tenantId: form.tenantId, username: form.username, password: md5(form.password), grant_type: captcha ? 'captcha' : 'password', scope: 'all', type: 'account' };
  const headers: Record<string, string> = captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : {};
  return signIn({ params, tenantId: form.tenantId, headers });
}

/** Phone and SMS code. */
export function loginByPhone(form: { tenantId: string; phone: string; code: string }): Promise<boolean> {
  return signIn({ params: { ...form, grant_type: 'sms_code', scope: 'all', type: 'phone' }, tenantId: form.tenantId });
}

/** The third-party callback's code and state. */
export function loginBySocial(form: { source: string; code: string; state: string; tenantId?: string }): Promise<boolean> {
  // Without a tenant in the callback the server takes the one bound to the state at render.
  const tenant: Record<string, string> = form.tenantId ? { tenantId: form.tenantId } : {};
  return signIn({ params: { ...tenant, source: form.source, code: form.code, state: form.state, grant_type: 'social', scope: 'all' }, tenantId: form.tenantId ?? '' });
}

/** Password login (spec §4 Session; Saber LoginByUsername). */
import i18next from 'i18next';
import { ApiError } from '../api/http';
import { toast } from '../chrome/toast';
import { resetTags } from '../store/tags-store';
import { applyTokens } from './apply-tokens';
import { clearLock } from './end-session';
import { loadMenu } from './load-menu';
import { md5 } from './md5';
import { grantedTokens, requestToken, type TokenBody } from './token-api';

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
}

async function askToken(form: LoginForm): Promise<TokenBody | undefined> {
  try {
    return await requestToken(
      { tenantId: form.tenantId, username: form.username, password: md5(form.password), grant_type: 'password', scope: 'all', type: 'account' },
      form.tenantId,
    );
  } catch (error) {
    // The API client toasts every refusal except 401, which it treats as a forced logout.
    if (error instanceof ApiError) {
      if (error.code === 401) toast.error(error.message);
      return undefined;
    }
    throw error;
  }
}

/** Signs in; answers whether a session was set. Refusals are toasted, never thrown. */
export async function login(form: LoginForm): Promise<boolean> {
  const body = await askToken(form);
  if (!body) return false;
  const tokens = grantedTokens(body);
  if (!tokens || body.error_description) {
    toast.error(body.error_description || i18next.t('unknownError'));
    return false;
  }
  applyTokens(tokens);
  resetTags();
  clearLock();
  await loadMenu().catch(() => undefined); // already toasted; the layout retries on mount
  return true;
}

/** Wires the API client to the session, the language and the toasts (called once at start-up). */
import { configureHttp } from '../api/http';
import { toast } from '../ui/toast';
import { currentLang } from '../i18n/i18n';
import { endSession } from './end-session';
import { getSession } from './session-store';

export function setupHttp(): void {
  configureHttp({
    getToken: () => getSession().token,
    getLang: currentLang,
    onUnauthorized: endSession,
    onError: toast.error,
  });
}

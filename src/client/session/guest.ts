/**
 * Guest registration after a third-party sign-in (spec §4 Guest registration; Saber
 * third-register.vue): a user whose user_id is empty or negative registers, waits for
 * an administrator's approval and is logged out.
 */
import { requestRaw } from '../api/http';
import type { UserInfo } from './session-types';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

export type RegisterProblem = 'tenantRequired' | 'accountRequired' | 'passwordRequired' | 'passwordMismatch';

export function needsGuestRegistration(userInfo: UserInfo | undefined): boolean {
  if (!userInfo) return false;
  const id = String(userInfo.user_id ?? '').trim();
  return id === '' || Number(id) < 0;
}

/** The first rule the form breaks, checked in Saber's order (each shown as a warning), or undefined. */
export function registerProblem(form: RegisterForm): RegisterProblem | undefined {
  if (!form.tenantId.trim()) return 'tenantRequired';
  if (!form.account.trim()) return 'accountRequired';
  if (!form.password || !form.password2) return 'passwordRequired';
  if (form.password !== form.password2) return 'passwordMismatch';
  return undefined;
}

/** POST /blade-user/register-guest with the form and the third-party id, as BladeX query parameters. */
export function registerGuest(form: RegisterForm, oauthId: string | undefined): Promise<unknown> {
  const { tenantId, name, account, password } = form;
  return requestRaw({ method: 'POST', url: '/blade-user/register-guest', params: { tenantId, name, account, password, oauthId }, silent: true });
}

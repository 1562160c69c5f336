import { verify } from '@node-rs/argon2';
import type { AppServices } from '../../../app-services.js';
import { CaptchaService } from '../../captcha/captcha-service.js';
import { clearAfterSignIn, isLockedOut, refuseAttempt, reserveAttempt, type SignInAttempt } from '../login-failures.js';
import type { SessionIssuer } from '../session-issuer.js';
import { tenantRefusal } from '../tenant-license.js';
import { headerOf, tokenError } from '../token-body.js';
import { tenantOf, type Grant, type GrantCall } from './grant.js';

/**
 * Grants `password` and `captcha` (reference §5.1). The captcha (headers Captcha-Key /
 * Captcha-Code, used up by the check) comes first, for the captcha grant and for every
 * password sign-in when captchaMode is on: a wrong one touches no failure counter. Then
 * lockout, tenant, password, as BladeX orders them; the password is checked only on an
 * attempt reserved from the account's and the address's allowance (see reserveAttempt).
 */
export function passwordGrant(services: AppServices, issuer: SessionIssuer): Grant {
  const captchas = new CaptchaService(services.store);

  const isCaptchaWrong = async ({ request, params }: GrantCall) => {
    const grant = params.grant_type ?? params.grantType;
    if (grant !== 'captcha' && !services.config.captchaMode) return false;
    return !(await captchas.check(headerOf(request, 'captcha-key') || undefined, headerOf(request, 'captcha-code') || undefined));
  };

  return async (call) => {
    const { request, reply, params: p } = call;
    if (await isCaptchaWrong(call)) return tokenError(request, reply, 'auth.captchaWrong');
    const tenantId = tenantOf(call);
    if (!p.username || !p.password) return tokenError(request, reply, 'auth.loginFailed');
    const attempt: SignInAttempt = { tenantId, account: p.username, ip: request.ip };
    if (await isLockedOut(services, attempt)) return tokenError(request, reply, 'auth.locked');
    const refusal = await tenantRefusal(services, tenantId);
    if (refusal) return tokenError(request, reply, refusal);
    const reservation = await reserveAttempt(services, attempt);
    if ('refused' in reservation) return refuseAttempt(request, reply, reservation.refused);
    const found = await issuer.directory.findByAccount(tenantId, p.username);
    const settled = found && (await issuer.settle(found));
    const hash = settled ? String(settled.user.password ?? '') : '';
    if (!settled || !hash || !(await verify(hash, p.password).catch(() => false))) return tokenError(request, reply, 'auth.loginFailed');
    await clearAfterSignIn(services, reservation.reserved);
    return issuer.forUser(call, settled);
  };
}

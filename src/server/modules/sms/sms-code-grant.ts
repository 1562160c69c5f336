import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { tenantOf, type Grant } from '../auth/grants/grant.js';
import { clearAfterSignIn } from '../auth/login-failures.js';
import type { SessionIssuer } from '../auth/session-issuer.js';
import { tenantRefusal } from '../auth/tenant-license.js';
import { tokenError } from '../auth/token-body.js';
import { checkPhone } from './phone-numbers.js';
import type { SmsCodeService } from './verification-codes.js';

/**
 * Grant `sms_code` (tenantId, phone, code): the SMS module's verification code (one use),
 * then the one live user of the tenant with that phone. Like a password sign-in it
 * clears the account's failure counters.
 */
export function smsCodeGrant(services: AppServices, opts: { issuer: SessionIssuer; codes: SmsCodeService }): Grant {
  const { issuer, codes } = opts;
  return async (call) => {
    const { request, reply, params: p } = call;
    const tenantId = tenantOf(call);
    let phone: string;
    try {
      phone = checkPhone(p.phone);
    } catch (error) {
      if (error instanceof AppError) return tokenError(request, reply, error);
      throw error;
    }
    const refusal = await tenantRefusal(services, tenantId);
    if (refusal) return tokenError(request, reply, refusal);
    if (!p.code || !(await codes.validate(tenantId, phone, p.code))) return tokenError(request, reply, 'auth.smsCodeWrong');
    const users = await issuer.directory.findByPhone(tenantId, phone);
    if (users.length === 0) return tokenError(request, reply, 'auth.phoneUnknown');
    if (users.length > 1) return tokenError(request, reply, 'auth.phoneShared');
    const settled = await issuer.settle(users[0]);
    if (!settled) return tokenError(request, reply, 'auth.phoneUnknown');
    await clearAfterSignIn(services, { tenantId, account: String(settled.user.account), ip: request.ip });
    return issuer.forUser(call, settled);
  };
}

import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import { rateLimitOf } from '../../http/rate-limits.js';
import { checkClient } from '../auth/client-check.js';
import { tenantRefusal } from '../auth/tenant-license.js';
import { grantParams, headerOf } from '../auth/token-body.js';
import { UserDirectory } from '../auth/user-directory.js';
import { checkPhone } from './phone-numbers.js';
import type { SmsCodeService } from './verification-codes.js';

/**
 * POST /blade-auth/oauth/sms-code (tenantId or Tenant-Id, phone): the code for the phone
 * sign-in, asked before anyone is signed in, so it needs the client's Basic header.
 * A code goes out only when exactly one live user of the tenant has that phone, but the
 * answer is the same either way: the endpoint does not tell which numbers have accounts,
 * and cannot be used to send messages to arbitrary numbers. The SMS module's limits
 * (one send a minute, ten a day per phone) apply.
 */
export function registerSmsCodeRoute(app: FastifyInstance, opts: { services: AppServices; codes: SmsCodeService }): void {
  const { services, codes } = opts;
  const directory = new UserDirectory(services);
  app.post('/blade-auth/oauth/sms-code', { config: { open: true }, onRequest: rateLimitOf(app, 'smsCode'), schema: { tags: ['auth'], summary: 'Send the phone sign-in code' } }, async (request) => {
    await checkClient(services, request);
    const p = grantParams(request);
    const tenantId = p.tenantId || headerOf(request, 'tenant-id') || '000000';
    const phone = checkPhone(p.phone);
    const refusal = await tenantRefusal(services, tenantId);
    if (refusal) throw new AppError(refusal);
    const users = await directory.findByPhone(tenantId, phone);
    if (users.length === 1) await codes.sendCode(tenantId, phone, { lang: request.lang });
    return ok({ phone }, 'sms.codeSent');
  });
}

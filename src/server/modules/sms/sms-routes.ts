import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../../shared/errors.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { rateLimitOf } from '../../http/rate-limits.js';
import { bodyOf, paramsOf, queryOf } from '../../http/request-params.js';
import { sentKeys } from '../../engine/ids.js';
import { hasAdminRole } from '../../engine/request-context.js';
import { checkPhone, parsePhones } from './phone-numbers.js';
import { parseSmsParams } from './sms-params.js';
import type { SmsService } from './sms-service.js';
import type { SmsCodeService } from './verification-codes.js';

const BASE = '/blade-resource/sms/endpoint';
const TAGS = ['resource/sms'];

/** send-message (administrators, the SMS debug dialog), send-validate and validate-message (reference §4.15). */
export function registerSmsRoutes(app: FastifyInstance, sms: SmsService, codes: SmsCodeService): void {
  app.post(`${BASE}/send-message`, { schema: { tags: TAGS, summary: 'Send a message (code, phones comma-joined, params JSON)' } }, async (request) => {
    const ctx = contextOf(request);
    if (!hasAdminRole(ctx)) throw forbidden('sms.adminOnly');
    const p = paramsOf(request);
    // The schema's 调试 action (run kind route) carries the code as its key, refused past the key cap as every action's.
    sentKeys({ ...bodyOf(request), ...queryOf(request) }.code, 'code');
    const phones = parsePhones(p.phones);
    await sms.send(ctx, { code: p.code || undefined, phones, params: parseSmsParams(p.params) });
    return ok({}, 'sms.sent');
  });
  app.post(`${BASE}/send-validate`, { onRequest: rateLimitOf(app, 'smsCode'), schema: { tags: TAGS, summary: 'Send a 6-digit verification code (phone)' } }, async (request) => {
    const ctx = contextOf(request);
    const handle = await codes.sendCode(ctx.tenantId, paramsOf(request).phone ?? '', { lang: ctx.lang });
    return ok({ ...handle, success: true }, 'sms.codeSent');
  });
  app.post(`${BASE}/validate-message`, { schema: { tags: TAGS, summary: 'Check a verification code (phone, value[, id])' } }, async (request) => {
    const ctx = contextOf(request);
    const p = paramsOf(request);
    const phone = checkPhone(p.phone);
    if (!(await codes.validate(ctx.tenantId, phone, p.value ?? '', p.id || undefined))) throw badRequest('sms.codeInvalid');
    return ok({}, 'sms.codeValid');
  });
}

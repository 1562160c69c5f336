import { badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { RequestContext } from '../../engine/request-context.js';
import { findConfig } from '../../engine/active-row.js';
import { SmsSendError, type OutgoingSms } from './providers/sms-provider.js';
import { SMS_MODEL } from './sms-config-hooks.js';
import { smsProviderFor } from './sms-providers.js';

/** Sending through the caller's SMS configuration, free of HTTP. */
export class SmsService {
  constructor(private readonly services: AppServices) {}

  /**
   * Sends through the configuration named by `code`, else the enabled one, else the
   * built-in log provider. Vendor refusals and network failures answer 短信发送失败 with the reason.
   */
  async send(ctx: RequestContext, message: OutgoingSms & { code?: string }): Promise<void> {
    const { code, ...outgoing } = message;
    const row = await findConfig(this.services.system.repo, { model: this.services.model(SMS_MODEL), codeField: 'smsCode', ctx, code });
    if (code && !row) throw badRequest('sms.codeUnknown', { code });
    const provider = smsProviderFor({ services: this.services, ctx, row });
    if (!provider) throw badRequest('sms.notSupported', { category: String(row?.category ?? '') });
    try {
      await provider.send(outgoing);
    } catch (error) {
      if (error instanceof SmsSendError) throw badRequest('sms.sendFailed', { reason: error.reason });
      throw error;
    }
  }
}

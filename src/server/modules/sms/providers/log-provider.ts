import type { AppServices } from '../../../app-services.js';
import type { RequestContext } from '../../../engine/request-context.js';
import { fillTemplate } from '../sms-params.js';
import type { OutgoingSms, SmsProvider, SmsSettings } from './sms-provider.js';

export const SMS_LOG_MODEL = 'resource/sms-log';

/**
 * The default provider: delivers nothing and records each message in `blade_sms_log`
 * (one row per phone), readable through the sms-log endpoints.
 */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly deps: { services: AppServices; ctx: RequestContext; settings: SmsSettings }) {}

  async send({ phones, params, text }: OutgoingSms): Promise<void> {
    const { services, ctx, settings } = this.deps;
    const template = settings.templateId;
    const content = template ? fillTemplate(template, params) : (text ?? JSON.stringify(params));
    const model = services.model(SMS_LOG_MODEL);
    await services.system.repo.transaction(async (repo) => {
      for (const phone of phones) {
        await repo.insert(model, ctx, { phone, content, params: JSON.stringify(params), templateId: template, smsCode: settings.smsCode });
      }
    });
  }
}

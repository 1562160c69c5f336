import { fillTemplate } from '../sms-params.js';
import { SmsSendError, baseUrl, vendorFetch, type OutgoingSms, type SmsProvider, type SmsSettings } from './sms-provider.js';

const YUNPIAN = 'https://sms.yunpian.com';

/**
 * Yunpian v2 `sms/single_send.json` (form POST: apikey, mobile, text), one call per phone.
 * As in BladeX, templateId holds the template text, filled from the params; the text must
 * begin with the 【signature】, which signName supplies when it is missing.
 */
export class YunpianSmsProvider implements SmsProvider {
  constructor(private readonly settings: SmsSettings) {}

  private text(message: OutgoingSms): string {
    const body = fillTemplate(this.settings.templateId, message.params);
    const sign = this.settings.signName;
    return sign && !body.startsWith('【') ? `【${sign}】${body}` : body;
  }

  async send(message: OutgoingSms): Promise<void> {
    const url = `${baseUrl(this.settings.endpoint, YUNPIAN)}/v2/sms/single_send.json`;
    const text = this.text(message);
    for (const mobile of message.phones) {
      const form = new URLSearchParams({ apikey: this.settings.accessKey, mobile, text });
      const { body } = await vendorFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json;charset=utf-8' },
        body: form.toString(),
      });
      if (body.code !== 0) throw new SmsSendError([body.msg, body.detail].filter(Boolean).join(': ') || `code ${String(body.code)}`);
    }
  }
}

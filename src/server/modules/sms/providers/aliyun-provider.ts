import { createHmac, randomUUID } from 'node:crypto';
import { SmsSendError, baseUrl, vendorFetch, type OutgoingSms, type SmsProvider, type SmsSettings } from './sms-provider.js';

const ALIYUN = 'https://dysmsapi.aliyuncs.com';

/** RFC 3986 encoding as aliyun's RPC signature wants it. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Aliyun RPC signature v1: HMAC-SHA1 over `GET&%2F&<encoded canonical query>` with `<secret>&`. */
export function aliyunSignature(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params).sort().map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`).join('&');
  const toSign = `GET&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Aliyun Dysms `SendSms` (signed GET, API version 2017-05-25); every phone in one call. */
export class AliyunSmsProvider implements SmsProvider {
  constructor(private readonly settings: SmsSettings) {}

  async send(message: OutgoingSms): Promise<void> {
    const s = this.settings;
    const params: Record<string, string> = {
      AccessKeyId: s.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phones.join(','),
      RegionId: s.regionId || 'cn-hangzhou',
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: s.templateId,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const query = Object.entries({ Signature: aliyunSignature(params, s.secretKey), ...params })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
    const { body } = await vendorFetch(`${baseUrl(s.endpoint, ALIYUN)}/?${query}`);
    if (body.Code !== 'OK') throw new SmsSendError([body.Code, body.Message].filter(Boolean).join(': ') || 'unknown error');
  }
}

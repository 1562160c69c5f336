import type { AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import type { RequestContext } from '../../engine/request-context.js';
import { AliyunSmsProvider } from './providers/aliyun-provider.js';
import { LogSmsProvider } from './providers/log-provider.js';
import type { SmsProvider, SmsSettings } from './providers/sms-provider.js';
import { YunpianSmsProvider } from './providers/yunpian-provider.js';
import { SMS_CATEGORY } from './sms-categories.js';

/** The built-in provider when a tenant has no enabled configuration. */
const BUILT_IN: SmsSettings = { smsCode: '', templateId: '', accessKey: '', secretKey: '', regionId: '', signName: '', endpoint: '' };

function settingsOf(row: EntityRecord): SmsSettings {
  const text = (name: keyof SmsSettings) => String(row[name] ?? '');
  return {
    smsCode: text('smsCode'), templateId: text('templateId'), accessKey: text('accessKey'), secretKey: text('secretKey'),
    regionId: text('regionId'), signName: text('signName'), endpoint: text('endpoint'),
  };
}

/** Configuration row → provider; undefined for a vendor we do not implement yet (qiniu, tencent). */
export function smsProviderFor(opts: { services: AppServices; ctx: RequestContext; row?: EntityRecord }): SmsProvider | undefined {
  const { services, ctx, row } = opts;
  if (!row) return new LogSmsProvider({ services, ctx, settings: BUILT_IN });
  const settings = settingsOf(row);
  switch (Number(row.category)) {
    case SMS_CATEGORY.log: return new LogSmsProvider({ services, ctx, settings });
    case SMS_CATEGORY.yunpian: return new YunpianSmsProvider(settings);
    case SMS_CATEGORY.ali: return new AliyunSmsProvider(settings);
    default: return undefined;
  }
}

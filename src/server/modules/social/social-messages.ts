import { AppError, ErrorCodes, type ErrorCode } from '../../../shared/errors.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** Messages of third-party sign-in and guest registration; `{name}` placeholders are filled by socialText. */
const socialMessages = {
  unknownSource: { zh: '不支持的第三方登录来源: {source}', en: 'unknown third-party source: {source}' },
  notConfigured: { zh: '未配置第三方登录: {source}', en: 'third-party sign-in is not configured: {source}' },
  badUrl: { zh: '第三方登录配置的地址不是 http(s) 地址: {name}', en: 'the third-party sign-in setting {name} is not an http(s) URL' },
  stateInvalid: { zh: '第三方登录已失效,请重新登录', en: 'the third-party sign-in has expired or was already used, please start again' },
  providerFailed: { zh: '第三方登录失败: {reason}', en: 'third-party sign-in failed: {reason}' },
  oauthInvalid: { zh: '第三方登陆信息错误!', en: 'the third-party sign-in information is wrong' },
  tenantInvalid: { zh: '租户信息错误!', en: 'the tenant information is wrong' },
  registered: { zh: '注册申请已提交,请耐心等待管理员审核', en: 'registration request submitted, please wait for administrator approval' },
} satisfies Record<string, LocalText>;

export type SocialMessage = keyof typeof socialMessages;

export function socialText(lang: Lang, key: SocialMessage, params: Record<string, string> = {}): string {
  return fillPlaceholders(socialMessages[key][lang], params);
}

/** A 400 (or the given status) carrying one of the module's messages. */
export function socialError(lang: Lang, key: SocialMessage, opts: { params?: Record<string, string>; code?: ErrorCode; status?: number; field?: string } = {}): AppError {
  const text = socialText(lang, key, opts.params);
  return new AppError({
    code: opts.code ?? ErrorCodes.BAD_REQUEST,
    status: opts.status ?? 400,
    text,
    fieldErrors: opts.field ? { [opts.field]: text } : undefined,
  });
}

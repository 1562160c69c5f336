import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** Messages of the SMS module; `{name}` placeholders are filled by smsText. */
const smsMessages = {
  sent: { zh: '短信发送成功', en: 'message sent' },
  sendFailed: { zh: '短信发送失败: {reason}', en: 'sending the message failed: {reason}' },
  phoneEmpty: { zh: '手机号码不能为空', en: 'the phone number must not be empty' },
  phoneLength: { zh: '手机号码长度不为11位', en: 'the phone number must have 11 digits' },
  phoneFormat: { zh: '手机号码格式不正确', en: 'the phone number format is incorrect' },
  tooManyPhones: { zh: '一次最多发送{max}个手机号码', en: 'at most {max} phone numbers per call' },
  paramsInvalid: { zh: '短信参数格式不正确,应为 JSON 对象', en: 'params must be a JSON object' },
  codeUnknown: { zh: '短信配置不存在: {code}', en: 'no SMS configuration has the code {code}' },
  notSupported: { zh: '暂不支持该短信服务类型: {category}', en: 'this SMS service type is not supported yet: {category}' },
  codeSent: { zh: '验证码发送成功', en: 'the verification code has been sent' },
  codeTooSoon: { zh: '验证码发送过于频繁,请{seconds}秒后再试', en: 'codes are sent too often, please try again in {seconds} seconds' },
  codeDailyLimit: { zh: '该手机号今日验证码发送次数已达上限', en: 'this phone number has reached today\'s limit of verification codes' },
  codeValid: { zh: '短信验证码验证成功', en: 'the verification code is correct' },
  codeInvalid: { zh: '短信验证码验证失败', en: 'the verification code is wrong or has expired' },
  codeContent: { zh: '您的验证码是{code},{minutes}分钟内有效。', en: 'Your verification code is {code}, valid for {minutes} minutes.' },
  adminOnly: { zh: '仅管理员可以发送短信', en: 'only administrators can send messages' },
} satisfies Record<string, LocalText>;

export type SmsMessage = keyof typeof smsMessages;

export function smsText(lang: Lang, key: SmsMessage, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(smsMessages[key][lang], params);
}

export function smsError(lang: Lang, key: SmsMessage, params?: Record<string, string | number>): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: smsText(lang, key, params) });
}

import type { LocalText } from '../../../shared/schema/entity-model.js';

/** Sign-in refusals of the BladeX flavour (reference §5.1, §5.5, §5.6) and of the phone and guest sign-ins. */
export const authMessages = {
  locked: { zh: '登录错误次数过多,请稍后再试', en: 'too many failed sign-in attempts, please try again later' },
  tenantExpired: { zh: '租户授权已过期,请联系管理员', en: 'the tenant licence has expired, please contact the administrator' },
  captchaWrong: { zh: '验证码不正确', en: 'wrong captcha' },
  pending: { zh: '账号未审核,请联系管理员', en: 'account awaiting approval' },
  smsCodeWrong: { zh: '短信验证码不正确或已过期', en: 'the SMS code is wrong or has expired' },
  phoneUnknown: { zh: '该手机号未绑定账号', en: 'no account uses this phone number' },
  phoneShared: { zh: '该手机号绑定了多个账号,请使用账号密码登录', en: 'several accounts use this phone number, please sign in with account and password' },
  codeSent: { zh: '验证码发送成功', en: 'the verification code has been sent' },
  guestOnly: { zh: '请先完成注册并等待管理员审核', en: 'please register and wait for an administrator to approve the account first' },
} satisfies Record<string, LocalText>;

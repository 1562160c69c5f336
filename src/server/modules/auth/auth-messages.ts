import type { LocalText } from '../../../shared/schema/entity-model.js';

/** Sign-in refusals of the BladeX flavour (reference §5.5, §5.6). */
export const authMessages = {
  locked: { zh: '登录错误次数过多,请稍后再试', en: 'too many failed sign-in attempts, please try again later' },
  tenantExpired: { zh: '租户授权已过期,请联系管理员', en: 'the tenant licence has expired, please contact the administrator' },
} satisfies Record<string, LocalText>;

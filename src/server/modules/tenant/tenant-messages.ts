import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';

/** Messages of the tenant module (reference §4.1, §5.6), zh as BladeX words them. */
const tenantMessages = {
  forbidden: {
    zh: '仅平台管理员(管理租户的超级管理员)可以管理租户',
    en: 'only the platform administrator (administrator of the management tenant) can manage tenants',
  },
  managementTenant: { zh: '不可删除管理租户!', en: 'the management tenant cannot be deleted' },
  quotaReached: { zh: '当前租户已到最大账号额度!', en: 'the tenant has reached its maximum number of accounts' },
  packageMissing: { zh: '产品包不存在或已被删除', en: 'the package does not exist or has been deleted' },
} satisfies Record<string, LocalText>;

export type TenantMessage = keyof typeof tenantMessages;

export function tenantText(lang: Lang, key: TenantMessage): string {
  return tenantMessages[key][lang];
}

export function tenantError(lang: Lang, key: TenantMessage): AppError {
  return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: tenantText(lang, key) });
}

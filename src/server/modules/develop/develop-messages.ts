import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';
import { CodegenError } from '../../../../codegen/index.js';
import { ExternalDbError } from '../../db/external/index.js';

/** Messages of the develop module (data sources, models, code generation). */
const developMessages = {
  platformOnly: { zh: '仅平台管理员可以使用研发工具', en: 'only the platform administrator can use the development tools' },
  datasourceMissing: { zh: '数据源不存在: {id}', en: 'no data source has the id {id}' },
  keyChanged: { zh: '数据源 {name} 的密码无法解密(DATASOURCE_KEY 已更换?),请重新输入密码', en: 'the password of data source {name} cannot be decrypted (was DATASOURCE_KEY changed?): enter it again' },
  modelMissing: { zh: '数据模型不存在: {id}', en: 'no data model has the id {id}' },
  prototypesInvalid: { zh: '模型配置须为字段配置的数组', en: 'the model settings must be a list of field settings' },
} satisfies Record<string, LocalText>;

export type DevelopMessage = keyof typeof developMessages;

export function developText(lang: Lang, key: DevelopMessage, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(developMessages[key][lang], params);
}

export function developError(lang: Lang, key: DevelopMessage, params?: Record<string, string | number>, status = 400): AppError {
  return new AppError({ code: status === 403 ? ErrorCodes.FORBIDDEN : ErrorCodes.BAD_REQUEST, status, text: developText(lang, key, params) });
}

/** Connection and generator failures are bad input: a 400 in the caller's language. */
export function asBadRequest(error: unknown, lang: Lang): unknown {
  if (error instanceof ExternalDbError || error instanceof CodegenError) {
    return new AppError({ code: ErrorCodes.BAD_REQUEST, status: 400, text: error.text(lang) });
  }
  return error;
}

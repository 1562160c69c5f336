import { AppError, badRequest } from '../../../shared/errors.js';
import type { Catalogue } from '../../../shared/i18n/catalogue/zh.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';
import type { Lang } from '../../../shared/schema/entity-model.js';

/**
 * The workflow module's texts are the catalogue's `flow` namespace. Errors carry a key and
 * no language (the error handler translates); a text stored in a language takes one.
 */
export type FlowMessage = keyof Catalogue['flow'];

const key = (name: FlowMessage) => `flow.${name}` as TextKey;

export function flowText(lang: Lang, name: FlowMessage): string {
  return translate(lang, key(name));
}

export function flowError(name: FlowMessage, params?: Record<string, string | number>): AppError {
  return badRequest(key(name), params);
}

/** 403, never 401: a 401 signs the console out. */
export function flowForbidden(name: FlowMessage = 'adminOnly'): AppError {
  return new AppError(key(name), undefined, 403);
}

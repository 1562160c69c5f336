import { AppError, badRequest } from '../../../shared/errors.js';
import type { Catalogue } from '../../../shared/i18n/catalogue/zh.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';
import type { Lang } from '../../../shared/schema/entity-model.js';

/**
 * The workflow module's texts are the catalogue's `flow` namespace. These adapters keep the
 * module's call sites as they are while it is being built; the language they still take is
 * not used for errors (the error handler translates), only for texts stored in a language.
 */
export type FlowMessage = keyof Catalogue['flow'];

const key = (name: FlowMessage) => `flow.${name}` as TextKey;

export function flowText(lang: Lang, name: FlowMessage, params: Record<string, string | number> = {}): string {
  return translate(lang, key(name), params);
}

export function flowError(_lang: Lang, name: FlowMessage, params?: Record<string, string | number>): AppError {
  return badRequest(key(name), params);
}

/** 403, never 401: a 401 signs the console out. */
export function flowForbidden(_lang: Lang, name: FlowMessage = 'adminOnly'): AppError {
  return new AppError(key(name), undefined, 403);
}

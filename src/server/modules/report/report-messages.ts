import { AppError } from '../../../shared/errors.js';
import type { Catalogue } from '../../../shared/i18n/catalogue/zh.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';
import type { Lang } from '../../../shared/schema/entity-model.js';

/**
 * The report module's texts are the catalogue's `report` namespace. An error carries a key
 * and no language (the error handler translates); a text takes one (sheet titles, totals).
 */
export type ReportTextKey = keyof Catalogue['report'];

const key = (name: ReportTextKey) => `report.${name}` as TextKey;

export function reportText(lang: Lang, name: ReportTextKey): string {
  return translate(lang, key(name));
}

/** A 400 with one of the module's messages. */
export function reportError(name: ReportTextKey, params: Record<string, unknown> = {}): AppError {
  return new AppError(key(name), params, 400);
}

/** A 403 with one of the module's messages. */
export function reportForbidden(name: ReportTextKey): AppError {
  return new AppError(key(name), {}, 403);
}

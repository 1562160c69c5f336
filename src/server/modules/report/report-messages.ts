import { AppError } from '../../../shared/errors.js';
import type { Catalogue } from '../../../shared/i18n/catalogue/zh.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';
import type { Lang } from '../../../shared/schema/entity-model.js';

/**
 * The report module's texts are the catalogue's `report` namespace. These adapters keep the
 * module's call sites as they are; an error's language is not used (the error handler
 * translates), a text's language is (sheet titles, totals).
 */
export type ReportTextKey = keyof Catalogue['report'];

const key = (name: ReportTextKey) => `report.${name}` as TextKey;

export function reportText(lang: Lang, name: ReportTextKey, params: Record<string, unknown> = {}): string {
  return translate(lang, key(name), params);
}

/** A 400 (or 403) with one of the module's messages. */
export function reportError(_lang: Lang, name: ReportTextKey, params: Record<string, unknown> = {}, status = 400): AppError {
  return new AppError(key(name), params, status);
}

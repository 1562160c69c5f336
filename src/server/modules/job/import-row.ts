import { AppError } from '../../../shared/errors.js';
import { translate, type Message } from '../../../shared/i18n/translate.js';
import type { EntityModel, FieldModel, Lang } from '../../../shared/schema/entity-model.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { normalizeDate } from '../../excel/cell-text.js';

/** Why a row cannot be written, in the importer's language: of one field, or of the whole row (`field` ''). */
export interface RowError {
  field: string;
  message: string;
}

/** Column index → field, from the header row: labels in either language or the field name. */
export function headerFields(texts: string[], fields: FieldModel[]): Map<number, FieldModel> {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const out = new Map<number, FieldModel>();
  texts.forEach((text, col) => {
    const field = fields.find((f) => same(f.label.zh, text) || same(f.label.en, text) || same(f.name, text));
    if (field && ![...out.values()].includes(field)) out.set(col, field);
  });
  return out;
}

/** Dictionary fields: what a cell may say (the key, or its label) → the key. */
export type DictionaryKeys = Map<string, Map<string, string>>;

export function dictionaryKeys(labels: Map<string, ReadonlyMap<string, string>>): DictionaryKeys {
  const out: DictionaryKeys = new Map();
  for (const [field, byKey] of labels) {
    const keys = new Map<string, string>();
    for (const [key, label] of byKey) { keys.set(key, key); if (!keys.has(label)) keys.set(label, key); }
    out.set(field, keys);
  }
  return out;
}

/** A sheet row → the record the form would send, or the reasons it cannot be one. */
export function rowRecord(opts: { texts: string[]; columns: Map<number, FieldModel>; dicts: DictionaryKeys; lang: Lang }): { values: EntityRecord; errors: RowError[] } {
  const values: EntityRecord = {};
  const errors: RowError[] = [];
  for (const [col, field] of opts.columns) {
    const text = opts.texts[col] ?? '';
    if (text === '') continue;
    const keys = opts.dicts.get(field.name);
    if (keys) {
      const key = keys.get(text);
      if (key === undefined) errors.push({ field: field.name, message: translate(opts.lang, 'job.dictUnknown', { field: field.label, value: text }) });
      else values[field.name] = field.type === 'integer' || field.type === 'number' ? Number(key) : key;
    } else if (field.type === 'integer' || field.type === 'number') {
      values[field.name] = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    } else if (field.type === 'boolean') {
      values[field.name] = ['1', 'true', '是', 'yes'].includes(text.toLowerCase()) ? true : ['0', 'false', '否', 'no'].includes(text.toLowerCase()) ? false : text;
    } else if (field.type === 'datetime') {
      values[field.name] = normalizeDate(text) ?? text;
    } else {
      values[field.name] = text;
    }
  }
  return { values, errors };
}

/** Why a row was refused, in the importer's language: every field message of the form, else the refusal. */
export function reasonOf(error: unknown, lang: Lang): string {
  if (error instanceof AppError) {
    const fields = Object.values(error.fieldErrors ?? {});
    return (fields.length ? fields : [error.text]).map((t) => translate(lang, t)).join(lang === 'zh' ? '；' : '; ');
  }
  const text: Message = { key: 'job.rowFailed', params: { reason: String((error as Error)?.message ?? error).split('\n')[0] } };
  return translate(lang, text);
}

import type { EntityModel, FieldModel, Lang, WidgetName } from './entity-model.js';
import { fieldOf } from './entity-model.js';
import { message, translate, type TextKey, type Translatable } from '../i18n/translate.js';
import { labelFor } from './field-label.js';

/** One validation failure, independent of whether ajv or rjsf reported it. */
export interface RuleFailure {
  /** ajv keyword: required, maxLength, pattern… */
  keyword: string;
  /** Field name (top-level property). */
  field: string;
  params: Record<string, unknown>;
}

const GENERIC: Record<string, TextKey> = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  maximum: 'validation.maximum',
  minimum: 'validation.minimum',
  pattern: 'validation.pattern',
  const: 'validation.enum',
  format: 'validation.format',
  type: 'validation.type',
  enum: 'validation.enum',
};

/**
 * A field with the label it has for this record (`x-when.labels`), or the confirmation
 * input of one (`x-confirm`) seen as a field of its own.
 */
function fieldNamed(model: EntityModel, name: string, data: Record<string, unknown>): (Pick<FieldModel, 'label' | 'messages'> & { widget?: WidgetName }) | undefined {
  const field = fieldOf(model, name);
  if (field) return { ...field, label: labelFor(field, data) };
  return model.fields.find((f) => f.confirm?.field === name)?.confirm;
}

/** Widgets where the value is picked, not typed: a missing one says 请选择 / please select. */
const PICKED_WIDGETS: ReadonlySet<WidgetName> = new Set(['dict-select', 'dict-radio', 'tree-select', 'select', 'datetime']);

/** A label inside an English sentence: "Region code" → "region code", acronyms ("API type") kept. */
function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The default message for a missing value, derived from the label: 请输入<label> /
 * "please enter the <label>", or 请选择 / "please select the" for picked values. Schemas
 * carry `x-messages.required` only when their text differs from this.
 */
export function requiredText(field: Pick<FieldModel, 'label'> & { widget?: WidgetName }): Translatable {
  const key = field.widget && PICKED_WIDGETS.has(field.widget) ? 'validation.requiredSelect' : 'validation.required';
  return message(key, { field: { zh: field.label.zh, en: inSentence(field.label.en) } });
}

/** What a select says while a field its options depend on (`x-options.params`) is empty: 请先选择<label>. */
export function selectFirstMessage(field: Pick<FieldModel, 'label'>, lang: Lang): string {
  return translate(lang, message('validation.selectFirst', { field: { zh: field.label.zh, en: inSentence(field.label.en) } }));
}

export function requiredMessage(field: Pick<FieldModel, 'label'> & { widget?: WidgetName }, lang: Lang): string {
  return translate(lang, requiredText(field));
}

/**
 * The schema's own message for a failure, else the one derived from the label, else the
 * generic catalogue's. `data` (the record's values) picks an `x-when` label.
 */
export function failureText(model: EntityModel, failure: RuleFailure, data: Record<string, unknown> = {}): Translatable {
  const field = fieldNamed(model, failure.field, data);
  const own = field?.messages[failure.keyword];
  if (own) return own;
  if (field && failure.keyword === 'required') return requiredText(field);
  const params = Object.fromEntries(Object.entries(failure.params).map(([name, value]) => [name, typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as string | number)]));
  return message(GENERIC[failure.keyword] ?? 'validation.other', { field: field ? field.label : failure.field, ...params });
}

/** failureText in one language (the browser's form checks). */
export function messageFor(model: EntityModel, failure: RuleFailure, lang: Lang, data: Record<string, unknown> = {}): string {
  return translate(lang, failureText(model, failure, data));
}

/** Field of an ajv error: `required` names it in params, others in the instance path. */
export function failureFromAjv(error: { keyword: string; instancePath: string; params: Record<string, any> }): RuleFailure {
  const field = error.keyword === 'required'
    ? String(error.params.missingProperty)
    : error.instancePath.split('/')[1] ?? '';
  return { keyword: error.keyword, field, params: error.params };
}

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AppError, ErrorCodes } from '../../shared/errors.js';
import type { Translatable } from '../../shared/i18n/translate.js';
import { isIdListWidget, type ActionForm, type EntityModel, type FieldModel } from '../../shared/schema/entity-model.js';
import { withoutEmptyValues } from '../../shared/schema/empty-values.js';
import { failureFromAjv, failureText, type RuleFailure } from '../../shared/schema/validation-messages.js';
import { idList } from './ids.js';
import { isDateText, isIdText } from './input-rules.js';
import type { EntityRecord } from './record-codec.js';

type Params = Record<string, unknown>;

/** The messages speak of the form's fields, which the shared texts find through `fields`. */
function asModel(form: ActionForm): EntityModel {
  return { fields: form.fields } as unknown as EntityModel;
}

/**
 * A list field sent by a form body or a query string comes comma-joined. A list of ids (a
 * tree-check or transfer) is read as the action's keys are: at most MAX_KEYS_PER_CALL, and
 * anything but ids is a 400 naming the field, before any row is looked at.
 */
function sentValue(field: FieldModel, value: unknown): unknown {
  if (isIdListWidget(field.widget)) return idList(value, field.name);
  if (field.schema.type !== 'array' || Array.isArray(value) || value === undefined || value === null) return value;
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

/** What the schema's patterns let through but the calendar or an id column cannot hold. */
function valueFailure(field: FieldModel, value: unknown): RuleFailure | undefined {
  const at = (keyword: string): RuleFailure => ({ keyword, field: field.name, params: {} });
  if (field.type === 'id') return isIdText(String(value)) ? undefined : at('pattern');
  if (field.type === 'date' || field.type === 'datetime') return isDateText(String(value)) ? undefined : at('pattern');
  return undefined;
}

/**
 * Checks an action's request against its `form` and answers the form's values, coerced
 * ("5" → 5, "a,b" → ["a","b"]), empty ones left out. Any bad value is a 400 whose
 * `fieldErrors` carry the fields' own messages, translated into the caller's language by
 * the error handler; nothing has been written by then.
 */
export class ActionFormReader {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: 'array', useDefaults: false });
  private readonly compiled = new WeakMap<ActionForm, ValidateFunction>();

  constructor() {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
  }

  valuesOf(form: ActionForm, params: Params): EntityRecord {
    const sent: EntityRecord = {};
    for (const field of form.fields) if (field.name in params) sent[field.name] = sentValue(field, params[field.name]);
    const values = withoutEmptyValues(sent);
    const errors: Record<string, Translatable> = {};
    const validate = this.validatorOf(form);
    if (!validate(values)) {
      for (const error of validate.errors ?? []) {
        const failure = failureFromAjv(error);
        if (failure.field) errors[failure.field] ??= failureText(asModel(form), failure, values);
      }
    }
    for (const field of form.fields) {
      if (errors[field.name] || !(field.name in values) || Array.isArray(values[field.name])) continue;
      const failure = valueFailure(field, values[field.name]);
      if (failure) errors[field.name] = failureText(asModel(form), failure, values);
    }
    if (Object.keys(errors).length) throw new AppError(Object.values(errors)[0]!, undefined, 400, { code: ErrorCodes.VALIDATION_FAILED, fieldErrors: errors });
    return values;
  }

  private validatorOf(form: ActionForm): ValidateFunction {
    let validate = this.compiled.get(form);
    if (!validate) this.compiled.set(form, (validate = this.ajv.compile(form.schema)));
    return validate;
  }
}

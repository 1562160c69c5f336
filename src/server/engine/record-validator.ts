import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { fieldOf } from '../../shared/schema/entity-model.js';
import addFormats from 'ajv-formats';
import type { EntityModel, FieldModel } from '../../shared/schema/entity-model.js';
import type { Translatable } from '../../shared/i18n/translate.js';
import { AppError, ErrorCodes } from '../../shared/errors.js';
import { isEmpty } from '../../shared/is-empty.js';
import { withoutEmptyValues } from '../../shared/schema/empty-values.js';
import { failureFromAjv, failureText, type RuleFailure } from '../../shared/schema/validation-messages.js';
import { INT4_MAX, INT4_MIN, isDateText, isIdText, isInt4 } from './input-rules.js';
import type { EntityRecord } from './record-codec.js';

/**
 * What the schema's patterns let through but the column type cannot hold: an id past
 * bigint, an integer past `integer`, a date that is not on the calendar.
 */
function columnFailure(field: FieldModel, value: unknown): RuleFailure | undefined {
  const at = (keyword: string, params: Record<string, unknown> = {}): RuleFailure => ({ keyword, field: field.name, params });
  switch (field.type) {
    case 'id': return isIdText(String(value)) ? undefined : at('pattern');
    case 'integer':
      if (typeof value !== 'number' || isInt4(value)) return undefined;
      return value > 0 ? at('maximum', { limit: INT4_MAX }) : at('minimum', { limit: INT4_MIN });
    case 'number': return typeof value === 'number' && !Number.isFinite(value) ? at('type') : undefined;
    case 'date':
    case 'datetime': return isDateText(String(value)) ? undefined : at('pattern');
    default: return undefined;
  }
}

interface Compiled {
  full: ValidateFunction;
  partial: ValidateFunction;
  /** `partial` without the allOf rules: an update checked without its stored row. */
  fieldsOnly: ValidateFunction;
}

/**
 * The schema's rules, compiled once per entity on its first write (compiling every entity
 * at start cost a second of CPU and memory for entities nobody writes): `full` for inserts
 * (required enforced), `partial` for updates (only the fields sent are checked; the allOf
 * rules against the stored values they name), `fieldsOnly` for a partial write whose stored
 * row the caller does not give (a profile edit): rules it cannot evaluate are left out.
 */
export class RecordValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true, useDefaults: false, $data: true });
  private readonly compiled = new Map<string, Compiled>();

  constructor() {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
  }

  /** Compiles (or recompiles) one entity's rules now: a model installed at run time is refused at once if they do not compile. */
  add(m: EntityModel): void {
    this.compiled.set(m.key, this.compile(m));
  }

  private compile(m: EntityModel): Compiled {
    const { required: _required, allOf: _rules, ...fieldsOnly } = m.recordSchema;
    const partial = { ...fieldsOnly, ...(_rules ? { allOf: _rules } : {}) };
    return { full: this.ajv.compile(m.recordSchema), partial: this.ajv.compile(partial), fieldsOnly: this.ajv.compile(fieldsOnly) };
  }

  private rulesOf(model: EntityModel): Compiled {
    let rules = this.compiled.get(model.key);
    if (!rules) this.compiled.set(model.key, (rules = this.compile(model)));
    return rules;
  }

  /**
   * Validates (and coerces, e.g. "5" → 5 for integers) the record in place.
   * Empty values of required fields fail `required` on insert and on update.
   */
  check(model: EntityModel, record: EntityRecord, opts: { isInsert: boolean; existing?: EntityRecord; confirmations?: EntityRecord }): void {
    const { full, partial, fieldsOnly } = this.rulesOf(model);
    const fieldErrors: Record<string, Translatable> = confirmationErrors(model, record, opts);
    const labelData = { ...opts.existing, ...record };
    for (const name of model.required) {
      const sent = name in record;
      if ((opts.isInsert || (sent && !isHiddenOnEdit(model, name))) && isEmpty(record[name])) {
        fieldErrors[name] = failureText(model, { keyword: 'required', field: name, params: {} }, labelData);
      }
    }
    const sent: EntityRecord = withoutEmptyValues(record);
    // An update is checked with the stored values its conditional rules depend on.
    const candidate: EntityRecord = opts.isInsert ? sent : { ...conditionValues(model, opts.existing, record), ...sent };
    const validate = opts.isInsert ? full : opts.existing ? partial : fieldsOnly;
    if (!validate(candidate)) {
      for (const error of validate.errors ?? []) {
        const failure = failureFromAjv(error);
        if (!failure.field) continue; // an allOf rule's summary ("must match then"); its field errors come too
        fieldErrors[failure.field] ??= failureText(model, failure, candidate);
      }
    }
    for (const field of model.fields) {
      if (fieldErrors[field.name] || !(field.name in candidate)) continue;
      const failure = columnFailure(field, candidate[field.name]);
      if (failure) fieldErrors[field.name] = failureText(model, failure, candidate);
    }
    if (Object.keys(fieldErrors).length) {
      throw new AppError(Object.values(fieldErrors)[0]!, undefined, 400, { code: ErrorCodes.VALIDATION_FAILED, fieldErrors });
    }
    for (const name of Object.keys(sent)) record[name] = candidate[name];
  }
}

/**
 * `x-confirm`: a confirmation the request carries (`password2`) must equal its field.
 * Checked only when sent, so API clients that never had one keep working.
 */
function confirmationErrors(model: EntityModel, record: EntityRecord, opts: { confirmations?: EntityRecord }): Record<string, Translatable> {
  const errors: Record<string, Translatable> = {};
  for (const field of model.fields.filter((f) => f.confirm && opts.confirmations && f.confirm.field in opts.confirmations)) {
    const name = field.confirm!.field;
    const typed = opts.confirmations![name];
    if (isEmpty(typed) && !isEmpty(record[field.name])) {
      errors[name] = failureText(model, { keyword: 'required', field: name, params: {} });
    } else if (!isEmpty(typed) && String(typed) !== String(record[field.name] ?? '')) {
      errors[name] = failureText(model, { keyword: 'const', field: name, params: {} });
    }
  }
  return errors;
}

/** A field the edit form does not show (a password) is not required when editing. */
function isHiddenOnEdit(model: EntityModel, name: string): boolean {
  return fieldOf(model, name)?.hiddenIn.includes('edit') === true;
}

/** The stored, non-empty values of the fields the schema's `allOf` rules name and the request does not send. */
function conditionValues(model: EntityModel, existing: EntityRecord | undefined, record: EntityRecord): EntityRecord {
  const rules = (model.recordSchema.allOf ?? []) as Record<string, unknown>[];
  if (!existing || rules.length === 0) return {};
  const named = new Set<string>();
  const collect = (part: unknown) => {
    const schema = (part ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
    for (const name of [...Object.keys(schema.properties ?? {}), ...(schema.required ?? [])]) named.add(name);
  };
  for (const rule of rules) ['if', 'then', 'else'].forEach((branch) => collect(rule[branch]));
  return withoutEmptyValues(Object.fromEntries([...named].filter((n) => n in existing && !(n in record)).map((n) => [n, existing[n]])));
}

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { EntityModel, Lang } from '../../shared/schema/entity-model.js';
import { AppError, ErrorCodes } from '../../shared/errors.js';
import { isEmpty } from '../../shared/is-empty.js';
import { failureFromAjv, messageFor } from '../../shared/schema/validation-messages.js';
import type { EntityRecord } from './record-codec.js';

interface Compiled {
  full: ValidateFunction;
  partial: ValidateFunction;
}

/**
 * The schema's rules, compiled once per entity: `full` for inserts (required
 * enforced), `partial` for updates (only the fields sent are checked).
 */
export class RecordValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true, useDefaults: false });
  private readonly compiled = new Map<string, Compiled>();

  constructor(models: EntityModel[]) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    for (const m of models) {
      const { required: _required, ...partial } = m.recordSchema;
      this.compiled.set(m.key, { full: this.ajv.compile(m.recordSchema), partial: this.ajv.compile(partial) });
    }
  }

  /**
   * Validates (and coerces, e.g. "5" → 5 for integers) the record in place.
   * Empty values of required fields fail `required` on insert and on update.
   */
  check(model: EntityModel, record: EntityRecord, opts: { isInsert: boolean; lang: Lang }): void {
    const { full, partial } = this.compiled.get(model.key)!;
    const fieldErrors: Record<string, string> = {};
    for (const name of model.required) {
      const sent = name in record;
      if ((opts.isInsert || sent) && isEmpty(record[name])) {
        fieldErrors[name] = messageFor(model, { keyword: 'required', field: name, params: {} }, opts.lang);
      }
    }
    const candidate: EntityRecord = {};
    for (const [k, v] of Object.entries(record)) if (!isEmpty(v)) candidate[k] = v;
    const validate = opts.isInsert ? full : partial;
    if (!validate(candidate)) {
      for (const error of validate.errors ?? []) {
        const failure = failureFromAjv(error);
        fieldErrors[failure.field] ??= messageFor(model, failure, opts.lang);
      }
    }
    if (Object.keys(fieldErrors).length) {
      throw new AppError({
        code: ErrorCodes.VALIDATION_FAILED,
        status: 400,
        text: Object.values(fieldErrors)[0],
        fieldErrors,
      });
    }
    Object.assign(record, candidate);
  }
}

import { AppError, ErrorCodes } from '../../../shared/errors.js';
import { isEmpty } from '../../../shared/is-empty.js';
import type { EntityModel, Lang } from '../../../shared/schema/entity-model.js';
import { messageFor } from '../../../shared/schema/validation-messages.js';
import type { EntityRecord } from '../../engine/record-codec.js';

/**
 * Fields a configuration needs only for some categories (an S3 store needs its keys, the
 * local disk does not): refused with the schema's own `required` messages, like the engine does.
 */
export function requireFields(model: EntityModel, record: EntityRecord, names: readonly string[], lang: Lang): void {
  const fieldErrors: Record<string, string> = {};
  for (const name of names.filter((n) => isEmpty(record[n]))) {
    fieldErrors[name] = messageFor(model, { keyword: 'required', field: name, params: {} }, lang);
  }
  if (Object.keys(fieldErrors).length === 0) return;
  throw new AppError({ code: ErrorCodes.VALIDATION_FAILED, status: 400, text: Object.values(fieldErrors)[0], fieldErrors });
}

import type { CustomValidator, ErrorTransformer, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { isEmpty } from '../../../shared/is-empty';
import type { EntityModel, Lang } from '../../../shared/schema/entity-model';
import { withoutEmptyValues } from '../../../shared/schema/empty-values';
import { messageFor } from '../../../shared/schema/validation-messages';

const ajvValidator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true },
  AjvClass: Ajv2020 as unknown as typeof Ajv,
});

const asRecord = (data: unknown) =>
  data && typeof data === 'object' && !Array.isArray(data) ? withoutEmptyValues(data as Record<string, unknown>) : data;

/**
 * The form's validator: ajv with every error collected (so each field gets its own
 * message) and the 2020-12 dialect the schema files are written in, run on the record
 * without its empty values, as the server does: an empty optional field passes,
 * `required` still fires.
 */
export const formValidator: ValidatorType = {
  validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
    ajvValidator.validateFormData(asRecord(formData), schema, customValidate, transformErrors, uiSchema),
  isValid: (schema, formData, rootSchema) => ajvValidator.isValid(schema, asRecord(formData), rootSchema),
  rawValidation: (schema, formData) => ajvValidator.rawValidation(schema, asRecord(formData)),
  reset: () => ajvValidator.reset?.(),
};

/** Top-level field an rjsf error belongs to ('paramName' for required, '.paramName' otherwise). */
export function errorField(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** Field of an rjsf input id: `root_paramName` → `paramName` (`idPrefix`: the form's prefix instead of root). */
export function fieldOfInputId(id: string, idPrefix = 'root'): string {
  return (id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : id).split('_')[0] ?? '';
}

/**
 * rjsf's errors rewritten with the schema's own messages (the same `messageFor` the
 * server uses), keeping only the fields `isShown` accepts: the ones the user has left
 * (validate on blur), or all of them once a submit was tried. One message per field,
 * the first, as the server answers (a short phone number is 长度不为11位, not also 格式不正确).
 */
export function schemaErrorTransformer(input: {
  model: EntityModel;
  lang: Lang;
  isShown: (field: string) => boolean;
  /** The values `x-when` labels follow. */
  data?: Record<string, unknown>;
}): ErrorTransformer {
  const { model, lang, isShown, data = {} } = input;
  return (errors) =>
    errors
      .filter((error) => errorField(error) !== '' && isShown(errorField(error)))
      .filter((error, i, all) => all.findIndex((other) => errorField(other) === errorField(error)) === i)
      .map((error) => {
        const message = messageFor(model, { keyword: error.name ?? '', field: errorField(error), params: error.params ?? {} }, lang, data);
        return { ...error, message, stack: message };
      });
}

/**
 * `x-confirm` (password2 must equal password), with the server's message for the
 * `const` keyword, shown under the same rule as the schema's errors.
 */
export function confirmationValidator(input: { model: EntityModel; lang: Lang; isShown: (field: string) => boolean }): CustomValidator {
  const { model, lang, isShown } = input;
  return (formData, errors) => {
    const data = (formData ?? {}) as Record<string, unknown>;
    for (const field of model.fields.filter((f) => f.confirm)) {
      const name = field.confirm!.field;
      const typed = data[name];
      if (isEmpty(typed) || String(typed) === String(data[field.name] ?? '') || !isShown(name)) continue;
      (errors as unknown as Record<string, { addError: (m: string) => void }>)[name]?.addError(
        messageFor(model, { keyword: 'const', field: name, params: {} }, lang),
      );
    }
    return errors;
  };
}

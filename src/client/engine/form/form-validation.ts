import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { EntityModel, Lang } from '../../../shared/schema/entity-model';
import { messageFor } from '../../../shared/schema/validation-messages';

/**
 * The form's validator: ajv with every error collected (so each field gets its own
 * message) and the 2020-12 dialect the schema files are written in.
 */
export const formValidator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true },
  AjvClass: Ajv2020 as unknown as typeof Ajv,
});

/** Top-level field an rjsf error belongs to ('paramName' for required, '.paramName' otherwise). */
export function errorField(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** Field of an rjsf input id: `root_paramName` → `paramName`. */
export function fieldOfInputId(id: string): string {
  return id.replace(/^root_/, '').split('_')[0] ?? '';
}

/**
 * rjsf's errors rewritten with the schema's own messages (the same `messageFor` the
 * server uses), keeping only the fields `isShown` accepts: the ones the user has left
 * (validate on blur), or all of them once a submit was tried.
 */
export function schemaErrorTransformer(input: {
  model: EntityModel;
  lang: Lang;
  isShown: (field: string) => boolean;
}): ErrorTransformer {
  const { model, lang, isShown } = input;
  return (errors) =>
    errors
      .filter((error) => isShown(errorField(error)))
      .map((error) => {
        const message = messageFor(model, { keyword: error.name ?? '', field: errorField(error), params: error.params ?? {} }, lang);
        return { ...error, message, stack: message };
      });
}

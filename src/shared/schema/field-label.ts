import type { FieldModel, LocalText } from './entity-model.js';

type Data = Record<string, unknown>;

/** The value an `x-when` looks at, as the text its `shownFor` and `labels` are keyed by. */
export const whenValue = (field: FieldModel, data: Data): string => String(data[field.when!.field] ?? '');

/**
 * A field's label for a record: `x-when.labels` for the current value of the field it
 * follows (the SMS template id reads 模版内容 for category 1), else `x-label`. Forms and
 * messages both use it, so a required message names the label the user sees.
 */
export function labelFor(field: FieldModel, data: Data): LocalText {
  return (field.when && field.when.labels[whenValue(field, data)]) || field.label;
}

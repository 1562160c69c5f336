import { fieldOf, type EntityModel, type FieldModel } from './entity-model.js';

/**
 * The entity whose API serves `url`: the model whose API path the URL (without its query)
 * starts with, the longest such path winning. One rule for `x-options`, side trees and
 * the labels an export or a reference check reads.
 */
export function entityServing<M extends { apiPath: string }>(models: Iterable<M>, url: string): M | undefined {
  const path = url.split('?')[0]!;
  let best: M | undefined;
  for (const m of models) if (path.startsWith(`${m.apiPath}/`) && (!best || m.apiPath.length > best.apiPath.length)) best = m;
  return best;
}

/** An options field's source: the entity serving its options, the field its values are and the one shown for them. */
export interface OptionSource {
  field: FieldModel;
  model: EntityModel;
  valueField: string;
  labelField: string;
}

/** Where an `x-options` field's values come from; undefined when no served entity (or no label field) answers its URL. */
export function optionSourceOf(models: Iterable<EntityModel>, field: FieldModel): OptionSource | undefined {
  const options = field.options;
  if (!options) return undefined;
  const model = entityServing(models, options.url);
  if (!model) return undefined;
  const valueField = fieldOf(model, options.valueKey) ? options.valueKey : model.primaryKey;
  const labelField = fieldOf(model, options.labelKey) ? options.labelKey : model.tree?.labelField;
  return labelField ? { field, model, valueField, labelField } : undefined;
}
